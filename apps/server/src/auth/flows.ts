/**
 * The six places a sign-in can start from (DESIGN.md §6). Each has its own callback
 * page in the web app, so a state issued for one flow cannot complete another.
 */
export const LOGIN_FLOWS = ['beginning', 'professional', 'end', 'coach', 'client', 'purchase'] as const;
export type LoginFlow = (typeof LOGIN_FLOWS)[number];

/** The SPA page the provider sends the browser back to; it hands code and state to the API. */
export function redirectUriFor(appOrigin: string, flow: LoginFlow): string {
  return `${appOrigin}/login-callback-${flow}`;
}

export function allRedirectUris(appOrigin: string): string[] {
  return LOGIN_FLOWS.map((flow) => redirectUriFor(appOrigin, flow));
}

/** "beginning" → "Beginning", as the spec spells it in paths (GetLoginUrlBeginning, LoginCallbackBeginning). */
export function pathNameOf(flow: LoginFlow): string {
  return flow.charAt(0).toUpperCase() + flow.slice(1);
}
