import { z } from '@dash/shared/zod';
import { describe, expect, it } from 'vitest';
import { en as zodEnglish } from 'zod/locales';
import en from '../i18n/locales/en.json';
import {
  coded,
  codedIssue,
  codedMessage,
  codeOfIssue,
  DEFAULT_ISSUE_CODES,
  english,
  isMessageCode,
} from './message-codes';

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

  it("code zod's own wording generically, its English exactly zod's", () => {
    const schema = z.strictObject({
      type: z.string(),
      literal: z.literal('on'),
      option: z.enum(['a', 'b']),
      short: z.string().min(2),
      long: z.string().max(1),
      few: z.array(z.number()).min(1),
      many: z.array(z.number()).max(1),
      small: z.number().min(0),
      big: z.number().lt(10),
      email: z.email(),
      prefix: z.string().startsWith('x'),
      pattern: z.string().regex(/^\d+$/),
      multiple: z.number().multipleOf(5),
      keyed: z.record(z.string().min(3), z.number()),
    });
    const result = schema.safeParse(
      {
        type: 1,
        literal: 'off',
        option: 'c',
        short: 'a',
        long: 'ab',
        few: [],
        many: [1, 2],
        small: -1,
        big: 10,
        email: 'no',
        prefix: 'y',
        pattern: 'a',
        multiple: 3,
        keyed: { ab: 1 },
        extra: true,
      },
      { reportInput: true },
    );
    const localeError = zodEnglish().localeError;
    const issues = result.error?.issues ?? [];
    expect(issues).toHaveLength(15);
    for (const issue of issues) {
      const code = codeOfIssue(issue);
      expect(code, issue.path.join('.')).toBeDefined();
      expect(issue.message).toBe(localeError(issue as never));
      expect(code && english(code.code, code.params)).toBe(issue.message);
      // The API reference lists these for every input (DEFAULT_ISSUE_CODES): each code given is in it.
      expect(DEFAULT_ISSUE_CODES).toContain(code?.code);
    }
    expect(issues.map((issue) => codeOfIssue(issue)?.code)).toContain('messages.zodInvalidType');
  });
});
