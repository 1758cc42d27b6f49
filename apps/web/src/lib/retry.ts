/** Spec 01 §7 "Retry helper": 5 attempts, the wait starting at 1000 ms and doubling. */
export interface RetryOptions {
  attempts?: number;
  initialDelayMs?: number;
}

/**
 * Runs `fn` until it succeeds or the attempts run out. A thrown error and a
 * fetch `Response` that is not OK both count as a failure. After the last
 * attempt it throws "Max retries reached" with the last failure as its cause.
 */
export async function withRetry<T>(fn: () => Promise<T>, { attempts = 5, initialDelayMs = 1000 }: RetryOptions = {}): Promise<T> {
  let delayMs = initialDelayMs;
  let lastFailure: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const result = await fn();
      if (!isNotOkResponse(result)) return result;
      lastFailure = new Error(`Request failed with status ${result.status}`);
    } catch (error) {
      lastFailure = error;
    }
    if (attempt < attempts) {
      await sleep(delayMs);
      delayMs *= 2;
    }
  }
  throw new Error('Max retries reached', { cause: lastFailure });
}

function isNotOkResponse(value: unknown): value is { ok: false; status: number } {
  return typeof value === 'object' && value !== null && 'ok' in value && 'status' in value && (value as { ok: unknown }).ok === false;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
