import { describe, expect, it } from 'vitest';
import { codeEmail } from '../../functions/accounts/code-emails';
import { codeMailToOutbox, htmlToText } from './outbox';

describe('code mails in the dev outbox', () => {
  it("stores the trigger's subject and HTML, and a text reading with the code", () => {
    const { subject, html } = codeEmail('reset-password', { codeParameter: '{####}', firstName: 'Ada' });
    const stored = codeMailToOutbox(
      { email: 'ada@test.example', code: '123456', subject, html: html.replace('{####}', '123456') },
      'Velo <no-reply@velo.example>',
    );
    expect(stored.subject).toBe('Reset your Velo Exchange password');
    expect(stored.to).toEqual(['ada@test.example']);
    expect(stored.html).toContain('<strong');
    expect(stored.text).toContain('Hello Ada,\n\n');
    expect(stored.text).toMatch(/Your password reset code is 123456\n/);
    expect(stored.text).not.toContain('<');
  });

  it('says so when no trigger wrote the mail', () => {
    const stored = codeMailToOutbox({ email: 'a@b.example', code: '654321' }, 'x@y.example');
    expect(stored.subject).toContain('no CustomMessage trigger');
    expect(stored.text).toContain('654321');
  });

  it('decodes entities after removing tags', () => {
    expect(htmlToText('<p>a &lt;b&gt; &amp;amp;</p><p>c<br>d</p>')).toBe('a <b> &amp;\n\nc\nd');
  });
});
