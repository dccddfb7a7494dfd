import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../src/tools/index.js';

describe('htmlToMarkdown (WebFetch)', () => {
  it.each([
    ['headings and paragraphs', '<h1>Title</h1><p>One</p><p>Two</p>', '# Title\n\nOne\n\nTwo'],
    ['links keep http(s) and relative targets', '<a href="https://docs.python.org/3/">the docs</a> and <a href=\'/x\'>x</a>', '[the docs](https://docs.python.org/3/) and [x](/x)'],
    ['javascript: links keep only their text', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['lists', '<ul><li>a</li><li>b</li></ul>', '- a\n- b'],
    ['inline marks', '<p><strong>bold</strong>, <em>it</em>, <code>x()</code></p>', '**bold**, *it*, `x()`'],
    ['pre keeps its lines and shows entities as text', '<pre><code>if a &lt; b:\n    go()</code></pre>', '```\nif a < b:\n    go()\n```'],
    ['entities', '&amp; &lt;b&gt; &#65;&#x42; &nbsp;x &unknown;', '& <b> AB x &unknown;'],
    ['scripts, styles, comments and the head are dropped with their content', '<html><head><title>t</title><style>p{}</style></head><body><script>steal()</script><p>kept</p><!-- hidden --><noscript>ns</noscript><template>tp</template></body></html>', 'kept'],
    ['an unclosed script drops the rest', '<p>a</p><script>evil(', 'a'],
    ['a script tag with attributes and odd case', '<SCRIPT type="x">bad()</SCRIPT >ok', 'ok'],
    ['header is not head', '<header>top</header>', 'top'],
  ])('%s', (_name, html, markdown) => {
    expect(htmlToMarkdown(html)).toBe(markdown);
  });
});
