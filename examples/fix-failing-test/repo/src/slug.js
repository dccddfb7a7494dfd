/** Turns a title into a URL slug: "Hello Big World" -> "hello-big-world". */
export function slugify(title) {
  return title.trim().toLowerCase().replace(' ', '-');
}
