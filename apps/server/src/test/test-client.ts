import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER, type CustomerIdentity, type Envelope } from '@shop/contract';
import type { TestResponse } from './test-server.js';

let clients = 1;

/**
 * A browser's worth of cookies for API tests: it keeps what Set-Cookie hands it (and forgets what
 * is cleared), sends it back, and echoes the anti-forgery cookie in its header on every POST, as
 * the web app does. Each client is one visitor; two clients are two browsers.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /**
   * The address this browser comes from, sent as X-Forwarded-For: a server started with
   * TRUST_PROXY=true sees each client as its own address, as behind a real load balancer.
   */
  readonly address: string;

  constructor(
    readonly baseUrl: string,
    address?: string,
  ) {
    this.address = address ?? `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients++ & 255}`;
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(base: string): string | undefined {
    return this.cookies.get(base) ?? this.cookies.get(`__Host-${base}`);
  }

  /** Visits the site once, as a first page view does, to get a visitor id and anti-forgery value. */
  async visit(): Promise<this> {
    await this.get('/c3api/site');
    return this;
  }

  private antiForgeryHeaders(): Record<string, string> {
    const token = this.cookie(ANTI_FORGERY_COOKIE);
    return token ? { [ANTI_FORGERY_HEADER]: decodeURIComponent(token) } : {};
  }

  async get<T = unknown>(path: string, options: { antiForgery?: boolean } = {}): Promise<TestResponse<T>> {
    const response = await fetch(this.baseUrl + path, {
      headers: {
        Cookie: this.cookieHeader(),
        'X-Forwarded-For': this.address,
        ...(options.antiForgery ? this.antiForgeryHeaders() : {}),
      },
    });
    this.remember(response);
    const body = (await response.json()) as Envelope<T>;
    return { status: response.status, body, headers: response.headers };
  }

  async post<T = unknown>(
    path: string,
    payload?: unknown,
    options: { headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    if (!this.cookie(ANTI_FORGERY_COOKIE)) await this.visit();
    const response = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: {
        Cookie: this.cookieHeader(),
        'X-Forwarded-For': this.address,
        'Content-Type': 'application/json',
        ...this.antiForgeryHeaders(),
        ...options.headers,
      },
      body: JSON.stringify(payload ?? {}),
    });
    this.remember(response);
    const body = (await response.json()) as Envelope<T>;
    return { status: response.status, body, headers: response.headers };
  }

  /** Registers a customer and stays signed in as them. */
  async register(email: string, password = 'correct horse battery', names = { first: 'Ada', last: 'Lovelace' }) {
    const reply = await this.post<CustomerIdentity>('/c3api/account/register', {
      Email: email,
      Password: password,
      FirstName: names.first,
      LastName: names.last,
    });
    if (reply.status !== 200) throw new Error(`register failed: ${reply.status} ${reply.body.Message}`);
    return reply.body.Value;
  }

  async login(email: string, password = 'correct horse battery') {
    return this.post<CustomerIdentity>('/c3api/account/login', { Email: email, Password: password });
  }
}
