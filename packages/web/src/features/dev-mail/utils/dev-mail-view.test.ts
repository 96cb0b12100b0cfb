import type { DevMailMessage } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { formatListTime, messagesTo, openMessage, recipientsOf } from './dev-mail-view.ts';

const message = (Id: string, To: string): DevMailMessage => ({
  Id,
  To,
  Subject: `To ${To}`,
  Text: '',
  Html: '',
  SentAt: '2026-03-02T08:00:00.000Z',
  Links: [],
  Attachments: [],
});
// Newest first, as the server lists them.
const mailbox = [
  message('3', 'anna@example.com'),
  message('2', 'Bertil@Example.com'),
  message('1', 'anna@example.com'),
];

describe('the dev mailbox view', () => {
  it('filters by any part of the recipient, in any case, and keeps the order', () => {
    expect(messagesTo(mailbox, ' ANNA ').map((m) => m.Id)).toEqual(['3', '1']);
    expect(messagesTo(mailbox, 'bertil@').map((m) => m.Id)).toEqual(['2']);
    expect(messagesTo(mailbox, '')).toBe(mailbox);
    expect(messagesTo(mailbox, 'nobody')).toEqual([]);
  });

  it('offers each recipient once, newest first', () => {
    expect(recipientsOf(mailbox)).toEqual(['anna@example.com', 'Bertil@Example.com']);
  });

  it('shows the chosen message while it is listed, else the newest', () => {
    expect(openMessage(mailbox, '2')?.Id).toBe('2');
    expect(openMessage(messagesTo(mailbox, 'anna'), '2')?.Id).toBe('3');
    expect(openMessage(mailbox, null)?.Id).toBe('3');
    expect(openMessage([], null)).toBeUndefined();
  });

  it("writes today's times without the date", () => {
    const now = new Date('2026-03-02T12:00:00Z');
    expect(formatListTime('2026-03-02T08:00:00Z', 'en', 'Europe/Helsinki', now)).toBe('10:00');
    expect(formatListTime('2026-02-27T08:00:00Z', 'en', 'Europe/Helsinki', now)).toBe(
      '27 Feb 2026, 10:00',
    );
    expect(formatListTime('2026-02-27T08:00:00Z', 'fi', 'Europe/Helsinki', now)).toBe(
      '27.2.2026 klo 10.00',
    );
    expect(formatListTime('2026-02-27T08:00:00Z', 'sv', 'Europe/Helsinki', now)).toBe(
      '2026-02-27 10:00',
    );
  });

  it("counts today in the portal's time zone, not the browser's", () => {
    const now = new Date('2026-03-02T12:00:00Z');
    // 01.30 on 2 March in Helsinki, still 1 March in UTC.
    expect(formatListTime('2026-03-01T23:30:00Z', 'fi', 'Europe/Helsinki', now)).toBe('1.30');
    expect(formatListTime('2026-03-01T23:30:00Z', 'fi', 'UTC', now)).toBe('1.3.2026 klo 23.30');
  });
});
