/**
 * Where the pages of mailed links live (decision 0028). The token travels in the query
 * (`token=`), which request logs redact (`http/redact-url.ts`); the pages send `Referer` to
 * Bloom only (referrer-policy same-origin).
 */
/** Where the embedded provider and its pages are mounted. */
export const IDP_PATH = '/idp';
export const VERIFY_PATH = `${IDP_PATH}/verify`;
export const RESET_PATH = `${IDP_PATH}/reset`;
export const FORGOT_PATH = `${IDP_PATH}/forgot`;

export const verifyLink = (appOrigin: string, token: string): string => `${appOrigin}${VERIFY_PATH}?token=${token}`;
export const resetLink = (appOrigin: string, token: string): string => `${appOrigin}${RESET_PATH}?token=${token}`;
