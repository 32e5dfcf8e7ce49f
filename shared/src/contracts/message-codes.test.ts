import { z } from '@dash/shared/zod';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { coded, codedIssue, codedMessage, codeOfIssue, english, isMessageCode } from './message-codes';

describe('message codes', () => {
  it("word a message in English from en.json's text, with its values put in", () => {
    expect(english('messages.emailTaken')).toBe(en.messages.emailTaken);
    expect(english('messages.fileTooLarge', { size: '2.50', unit: 'MB' })).toBe(
      'Files must be at most 2.50 MB.',
    );
    expect(isMessageCode('messages.emailTaken')).toBe(true);
    expect(isMessageCode('messages.noSuchMessage')).toBe(false);
    expect(isMessageCode('This e-mail address is already in use')).toBe(false);
  });

  it('travel on the issues of every kind of zod rule that carries them, beside the English', () => {
    const schema = z.strictObject({
      email: z
        .string(coded('messages.emailRequired'))
        .trim()
        .max(254, coded('messages.emailTooLong'))
        .pipe(z.email(coded('messages.emailInvalid'))),
      name: z.string().min(1, coded('messages.nameRequired')),
      role: z.enum(['Admin', 'Viewer'], coded('messages.chooseRole')),
      size: z
        .number()
        .refine((value) => value < 10, coded('messages.fileTooLarge', { size: '10', unit: 'KB' })),
      limit: z.number().superRefine((value, ctx) => {
        if (value > 100) ctx.addIssue({ code: 'custom', ...codedIssue('messages.limitRange100') });
      }),
    });
    const result = schema.safeParse({
      email: 'not an address',
      name: '',
      role: 'Owner',
      size: 12,
      limit: 101,
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        [issue.message, codeOfIssue(issue)],
      ]),
    );
    expect(byField).toEqual({
      email: [en.messages.emailInvalid, codedMessage('messages.emailInvalid')],
      name: [en.messages.nameRequired, codedMessage('messages.nameRequired')],
      role: [en.messages.chooseRole, codedMessage('messages.chooseRole')],
      size: [
        'Files must be at most 10 KB.',
        codedMessage('messages.fileTooLarge', { size: '10', unit: 'KB' }),
      ],
      limit: [en.messages.limitRange100, codedMessage('messages.limitRange100')],
    });
    const missing = schema.safeParse({ name: 'x', role: 'Admin', size: 1, limit: 1 });
    expect(missing.error?.issues.map(codeOfIssue)).toEqual([codedMessage('messages.emailRequired')]);
  });

  it("leave zod's own wording uncoded", () => {
    const issue = z.string().safeParse(1).error?.issues[0];
    expect(issue && codeOfIssue(issue)).toBeUndefined();
  });
});
