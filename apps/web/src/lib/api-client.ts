import type { Envelope } from '@shop/contract';

/** Thrown when a call fails or answers WasSuccessful: false; carries the server's message. */
export class ApiError extends Error {}

/** GETs a /c3api call and returns its Value, or throws ApiError with the server's message. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Could not reach the server. Please check your connection and try again.');
  }
  let body: Envelope<T> | null = null;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(`The server answered ${response.status} without a readable reply.`);
  }
  if (!response.ok || !body.WasSuccessful) {
    throw new ApiError(body.Message ?? `The server answered ${response.status}.`);
  }
  return body.Value;
}
