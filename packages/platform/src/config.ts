import { runtimeConfigSchema, type RuntimeConfig } from '@manager/contract';

let current: RuntimeConfig | null = null;

/**
 * Reads `config.json` once at start. `no-store` because one build serves every environment
 * and the file is what differs, so a cached copy from another deploy would be wrong.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch (error) {
    throw new Error(`Cannot load runtime config from ${url}: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) {
    throw new Error(`Cannot load runtime config from ${url}: HTTP ${response.status} ${response.statusText}`);
  }
  let raw: unknown;
  try {
    raw = await response.json();
  } catch (error) {
    throw new Error(`Runtime config at ${url} is not valid JSON`, { cause: error });
  }
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid runtime config at ${url}: ${problems}`);
  }
  return parsed.data;
}

/** Called once by the shell (or a remote's dev harness) before the first API call. */
export function configurePlatform(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) {
    throw new Error('Platform is not configured: call configurePlatform(await loadRuntimeConfig()) first');
  }
  return current;
}

/** The API key depends on the host the console is served from (docs/screens.md). */
export function resolveApiKey(config: RuntimeConfig, hostname: string): string {
  return config.apiKeysByHost?.[hostname] ?? config.apiKey;
}
