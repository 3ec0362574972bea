import { newIdempotencyKey } from '../../src/api/common/idempotency';

/** A tiny HTTP client with a cookie jar and the web client's X-Requested-With header. */
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export class Agent {
  cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        // A form (a file upload) sets its own multipart type with the boundary.
        ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookies.size ? { Cookie: this.cookieHeader() } : {}),
        ...this.defaultHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair.split('=');
      const value = v.join('=');
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(k);
      else this.cookies.set(k, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }
  /** The session's cookies as a `Cookie` header's value (for a request made without the agent: a page, a raw fetch). */
  cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body ?? {}, headers);
  put = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', path, body ?? {}, headers);
  patch = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PATCH', path, body ?? {}, headers);
  /** A multipart/form-data POST (fetch writes the boundary and the length). */
  form = <T = any>(path: string, form: FormData, headers?: Record<string, string>) => this.request<T>('POST', path, form, headers);
  delete = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('DELETE', path, undefined, headers);
  /** A multipart POST with one file in the field `file`. */
  upload = <T = any>(path: string, file: { name: string; type: string; content: string | Uint8Array }) => {
    const form = new FormData();
    form.append('file', new Blob([file.content as BlobPart], { type: file.type }), file.name);
    return this.request<T>('POST', path, form);
  };
}

/** A money request's header with a new idempotency key (a request sent once; send the same object again to retry it). */
export const keyed = () => ({ 'Idempotency-Key': newIdempotencyKey() });
