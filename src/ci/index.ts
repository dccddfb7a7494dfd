/** Publishing outside GitHub: GitLab merge requests. Entered from src/entry/ only. */
export { createGitlabClient, type GitlabApi, type GitlabClientOptions } from './gitlab/gitlab-client.js';
export { publishGitlabRun, type GitlabPublishOutcome, type GitlabPublishRequest } from './gitlab/gitlab-publish.js';
