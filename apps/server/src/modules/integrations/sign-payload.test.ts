import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret } from './new-secret';
import { signPayload } from './sign-payload';

describe('signPayload', () => {
  const body = JSON.stringify({ type: 'item.created', data: { id: 1 } });

  it("signs so that the Standard Webhooks library's verify accepts it", () => {
    const secret = newWebhookSecret();
    const headers = signPayload({ messageId: 'msg_1', body, secrets: [secret] });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });

  it('signs with both secrets during a rotation, so either verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signPayload({ messageId: 'msg_2', body, secrets: [current, previous] });
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
  });
});
