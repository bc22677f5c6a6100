import { describe, expect, it } from 'vitest';
import { useMailBrowser } from '../../test/mail-in-chromium.js';
import { verificationMail } from './verification.service.js';

const address = `a.very.long.address.${'x'.repeat(40)}@example.com`;
const mail = verificationMail(address, '042917');

describe('the verification code mail', () => {
  it('carries the code and what it is for in both parts', () => {
    expect(mail.subject).toBe('Your Secondhand verification code');
    expect(mail.text).toContain('Your verification code is 042917');
    expect(mail.text).toContain('within 10 minutes');
    expect(mail.html).toContain('<strong>042917</strong>');
    expect(verificationMail('<x>@example.com', '123456').html).not.toContain('<x>');
  });

  describe('rendered by Chromium', () => {
    const layoutAt = useMailBrowser();

    for (const width of [360, 1000]) {
      it(`at ${width} px: the code readable, the long address wrapped, no sideways scroll`, async () => {
        const layout = await layoutAt(mail.html, width);
        expect(layout.text).toContain('Your verification code is 042917');
        expect(layout.scrollWidth).toBe(layout.clientWidth);
        expect(layout.overflowing).toEqual([]);
      });
    }
  });
});
