// oidc-provider ships no types: the few parts Backoffice uses, typed loosely on purpose.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionRecord {
    uid: string;
    jti: string;
    exp: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id: string; scope?: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    result?: Record<string, unknown>;
    lastSubmission?: Record<string, unknown>;
    save(ttl: number): Promise<string>;
  }

  export interface GrantRecord {
    jti: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface ModelClass<T> {
    find(id: string, options?: Record<string, unknown>): Promise<T | undefined>;
  }

  export class OIDCProviderError extends Error {
    statusCode: number;
    error_description?: string;
    error_detail?: string;
  }

  export const errors: {
    InvalidGrant: new (detail?: string) => OIDCProviderError;
    OIDCProviderError: typeof OIDCProviderError;
  };

  /** The Koa context the provider hands to middleware and configuration functions (what we read). */
  export interface ProviderContext {
    method: string;
    path: string;
    status: number;
    body: unknown;
    type: string;
    oidc?: { route?: string; [key: string]: unknown };
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    proxy: boolean;
    Interaction: ModelClass<InteractionRecord>;
    Grant: ModelClass<GrantRecord> & { new (values: { accountId: string; clientId: string }): GrantRecord };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    createContext(
      req: IncomingMessage,
      res: ServerResponse,
    ): { cookies: { get(name: string, options?: { signed?: boolean }): string | undefined } };
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionRecord>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    emit(event: string, ...args: unknown[]): boolean;
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): this;
  }
}
