// What the platform package exposes on the page for QA (packages/platform/src/probe.ts).
export {};
declare global {
  interface Window {
    __MANAGER_PLATFORM__?: {
      instanceId: string;
      instances: string[];
      http: { get<T>(url: string): Promise<T> };
    };
  }
}
