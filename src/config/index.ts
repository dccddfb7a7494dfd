/** Configuration, parsed once: CLI flags, action inputs and the environment into one typed RunConfig. */
export { actionInvocation, actionOutputDir, actionRunConfig, DEFAULT_COMMIT_AUTHOR, parseAuthor, readActionInputs, type ActionInputs, type ActionInvocation, type InputReader, type ResolvedTask } from './action-inputs.js';
export type { AppInputs } from './app-inputs.js';
export { githubEnvironment, type GithubEnvironment } from './github-env.js';
export { realProcessIo, type ProcessIo } from './process-io.js';
export { DEFAULT_MODEL, DEFAULT_POLICY_FILE, envName, modelName, namedOutDir, parseRunConfig, runTriggerOf, type ModelChoice, type RunConfig, type RunTrigger } from './run-config.js';
export { DEFAULT_SANDBOX_CONFIG, NO_FILE_RULES, READ_ONLY_SANDBOX_CONFIG, type SandboxConfig, type SandboxFileRules, type SandboxLimits, type SandboxPathRule } from './sandbox-config.js';
export { UsageError } from './usage-error.js';
export { PROVIDERS, type ProviderChoice, type ProviderName } from './provider-config.js';
export { providerModelId } from './provider-models.js';
export { parseFlags, wantsHelp } from './parse-flags.js';
export { closestName, didYouMean } from './closest-name.js';
export { CREDENTIAL_FILE_ENV_NAMES, isSecretName, SECRET_ENV_NAMES, secretValuesOf } from './secret-names.js';
export { DEFAULT_PUBLISH_CONFIG, narrowPublish, PUSH_MODES, type PublishConfig, type PublishNarrowing, type PushMode, type ReviewEvent } from './publish-config.js';
export { ciContextBlock, detectCi, type CiContext, type CiKind } from './ci-detect.js';
export { expected, NUMBER_RANGES, parseNumber, type NumberRange } from './numbers.js';
