/**
 * Stands in for the browser's XMLHttpRequest so axios' real XHR adapter runs end to end and
 * we can see exactly the headers and body the browser would be asked to send.
 */
export type SentRequest = { method: string; url: string; headers: Record<string, string>; body: unknown };

export function installFakeXhr(respond: (req: SentRequest) => { status: number; body: string }) {
  const sent: SentRequest[] = [];
  const original = window.XMLHttpRequest;

  class FakeXhr {
    readyState = 0;
    status = 0;
    statusText = '';
    responseText = '';
    response: unknown = '';
    responseURL = '';
    responseType = '';
    timeout = 0;
    withCredentials = false;
    upload = { addEventListener() {}, removeEventListener() {} };
    onloadend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private req: SentRequest = { method: '', url: '', headers: {}, body: undefined };

    open(method: string, url: string) {
      this.req = { method, url, headers: {}, body: undefined };
    }
    setRequestHeader(name: string, value: string) {
      this.req.headers[name.toLowerCase()] = value;
    }
    addEventListener() {}
    removeEventListener() {}
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {}
    send(body: unknown) {
      this.req.body = body;
      sent.push(this.req);
      const { status, body: text } = respond(this.req);
      setTimeout(() => {
        Object.assign(this, { readyState: 4, status, statusText: 'OK', responseText: text, response: text });
        this.responseURL = this.req.url;
        this.onloadend?.();
      });
    }
  }

  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return { sent, restore: () => void (window.XMLHttpRequest = original) };
}
