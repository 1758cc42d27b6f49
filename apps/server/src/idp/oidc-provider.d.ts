/**
 * The slice of oidc-provider 9's API that Bloom uses. The package ships no types
 * (DefinitelyTyped's lag behind and are not installed), so this declares only what
 * src/idp relies on.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; redirect_uri?: string };
    session?: { accountId?: string; uid?: string };
    lastSubmission?: Record<string, unknown>;
  }

  export interface GrantInstance {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    getOIDCScope(): string;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  /** Koa context as oidc-provider hands it to configuration callbacks. */
  export interface ProviderContext {
    type: string;
    body: unknown;
    status: number;
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      account?: { accountId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: any[]) => void): this;
  }

  /** What a check decides: ask the prompt (true) or not (false), as `Check.REQUEST_PROMPT` and `Check.NO_NEED_TO_PROMPT` say. */
  export interface PromptCheck {
    readonly reason: string;
  }

  /** One prompt of a policy, with the checks that decide whether it is asked. */
  export interface PolicyPrompt {
    readonly name: string;
    readonly checks: PromptCheck[];
  }

  /** An interaction policy: the prompts, in the order they are checked (oidc-provider's `interactionPolicy`). */
  export interface PromptPolicy extends Array<unknown> {
    get(name: string): PolicyPrompt | undefined;
  }

  /** The part of the authorization request's context a check reads. */
  export interface CheckContext {
    oidc: { result?: Record<string, unknown> };
  }

  export const interactionPolicy: {
    base(): PromptPolicy;
    Prompt: new (options: { name: string; requestable: boolean }) => unknown;
    Check: {
      new (reason: string, description: string, check: (ctx: CheckContext) => boolean | Promise<boolean>): PromptCheck;
      readonly REQUEST_PROMPT: true;
      readonly NO_NEED_TO_PROMPT: false;
    };
  };

  export default Provider;
}
