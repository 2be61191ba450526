import { expect } from '@jest/globals';
import { ApiError } from '@upmon/domain';

/** The ApiError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function apiError(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}
