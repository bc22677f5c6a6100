import {
  describeFieldErrors,
  EMAIL_TAKEN_MESSAGE,
  type ErrorEnvelope,
  ErrorEnvelopeSchema,
  PASSWORD_COMMON_MESSAGE,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';

const PASSWORD = 'Correct-Horse-7-Battery';

/**
 * A 400 that names fields carries them as data (FieldErrors) beside the Message, which says the
 * same in one sentence; forms read the data. Both kinds of 400 do: the contract schema's, raised by
 * the route helper, and a service's own check (a common password).
 */
describe.each(testDatabaseTargets())('field errors in the error envelope on $name', (target) => {
  const shop = useTestShop(target);

  it("a 400 from the contract schema lists each refused field, the Message's sentence unchanged", async () => {
    const reply = await shop.server.post('/c3api/account/register', {
      Email: 'not-an-address',
      Password: PASSWORD,
      FirstName: 'R2D2',
      LastName: 'B',
    });
    expect(reply.status).toBe(400);
    const body = ErrorEnvelopeSchema.parse(reply.body);
    expect(body.FieldErrors?.map((f) => f.Field)).toEqual(['Email', 'FirstName']);
    for (const field of body.FieldErrors ?? []) expect(field.Message.length).toBeGreaterThan(0);
    expect(body.Message).toBe(describeFieldErrors(body.FieldErrors ?? []));
    expect(body.Message.startsWith('Invalid input. Email: ')).toBe(true);
  });

  it("a service's own 400 names its field as data too", async () => {
    const reply = await shop.server.post('/c3api/account/register', {
      Email: 'field-errors-common@example.com',
      Password: 'Password123',
      FirstName: 'A',
      LastName: 'B',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      WasSuccessful: false,
      Value: null,
      Message: `Invalid input. Password: ${PASSWORD_COMMON_MESSAGE}`,
      FieldErrors: [{ Field: 'Password', Message: PASSWORD_COMMON_MESSAGE }],
    });
  });

  it('a refusal that names no field, and any other failure, carry no FieldErrors', async () => {
    const registration = { Email: 'field-errors-taken@example.com', Password: PASSWORD, FirstName: 'A', LastName: 'B' };
    expect((await shop.server.post('/c3api/account/register', registration)).status).toBe(200);
    const taken = await shop.server.post('/c3api/account/register', registration);
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ WasSuccessful: false, Value: null, Message: EMAIL_TAKEN_MESSAGE });
    const missing = await shop.server.get('/c3api/no-such-call');
    expect(missing.status).toBe(404);
    expect('FieldErrors' in (missing.body as unknown as ErrorEnvelope)).toBe(false);
  });
});
