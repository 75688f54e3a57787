export { loadRuntimeConfig, configurePlatform, getRuntimeConfig, resolveApiKey } from './config';
export { apiClient, http } from './http/client';
export { getConsoleVersion, setConsoleVersion } from './http/console-version';
export { ApiError, ERROR_MESSAGES, isApiError, serverMessage } from './http/errors';
export { resolveApiPath } from './http/paths';
export { fetchData, type ReadCall } from './http/fetch-data';
export { checkedCall, failureError } from './http/checked-call';
export { isStepUpError } from './http/step-up';
export { useStepUpPrompt, type StepUpPrompt, type StepUpSubmission } from './step-up/prompt-store';
export { uploadUrl } from './upload-url';
export { useDebouncedValue, useSearchPages, useSubmittedSearch } from './use-debounced';
export { useClientPages } from './use-client-pages';
export { useChange } from './use-change';
export { useRowCalls } from './use-row-calls';
export { setNavigate } from './navigation';
export { useAuthStore } from './auth/store';
export { AUTH_MESSAGES } from './auth/messages';
export type { AuthResult, SecondFactor } from './auth/results';
export { assertPasskey, createPasskey, isPasskeyError, passkeyOptions, PasskeyError, PASSKEY_MESSAGES } from './auth/passkey';
export { useMetrics, fetchMetrics, metricsQueryOptions } from './metrics';
export { queryClient, queryKeys } from './query';
export { toast, AppToaster } from './toasts';
export { copyText } from './copy-text';
export { lazyPage, type RemoteRoute, type RemoteModule } from './remote';
export { platformInstanceId } from './probe';

// The router, re-exported: apps import routing from here (see router.ts).
export * from './router';
