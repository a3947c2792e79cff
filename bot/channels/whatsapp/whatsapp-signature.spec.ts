import { createHmac } from 'node:crypto';
import { isValidWhatsappSignature, signWhatsappBody } from './whatsapp-signature';

describe('isValidWhatsappSignature', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
  const secret = 'app-secret';

  it('accepts sha256= plus the hex HMAC of the raw body', () => {
    const header = 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
    expect(isValidWhatsappSignature(body, header, secret)).toBe(true);
    expect(signWhatsappBody(body, secret)).toBe(header);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['sha1 scheme', 'sha1=' + createHmac('sha1', secret).update(body).digest('hex')],
    ['truncated', signWhatsappBody(body, secret).slice(0, 40)],
    ['not hex', 'sha256=zz'],
    ['other secret', signWhatsappBody(body, 'other')],
  ])('rejects a %s signature', (_label, header) => {
    expect(isValidWhatsappSignature(body, header, secret)).toBe(false);
  });

  it('rejects a signature of a different body', () => {
    expect(isValidWhatsappSignature(Buffer.from(body.toString() + ' '), signWhatsappBody(body, secret), secret)).toBe(false);
  });
});
