import { limits, SignFlowSaveRequest, type SignFlowDetailResponse } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import {
  copyName,
  formValuesFromDetail,
  messageLanguageFor,
  newFormValues,
  toSaveRequest,
  withSavedSignerGuids,
  type SignFlowFormValues,
} from './signflow-edit-values.ts';

const sentFlow: SignFlowDetailResponse = {
  Guid: 'flow-1',
  Name: 'Lease agreement',
  Status: 'Sent',
  CreationDate: '2025-01-02T10:00:00.000Z',
  SentToSignersDate: '2025-01-03T10:00:00.000Z',
  Signers: [
    {
      Guid: 'signer-1',
      Name: 'Maija Meikäläinen',
      Email: 'maija@example.com',
      Role: null,
      Organisation: 'Example Oy',
      PersonalIdentityCode: '150375-901H',
      Status: 'Signed',
      RejectionComment: null,
      CompletionTimeUtc: '2025-01-04T10:00:00.000Z',
      LinkLocked: false,
      SignatureLevel: null,
      InvitedTimeUtc: null,
      RemindedTimeUtc: null,
    },
    {
      Guid: 'signer-2',
      Name: '',
      Email: 'matti@example.com',
      Role: null,
      Organisation: null,
      PersonalIdentityCode: null,
      Status: 'Rejected',
      RejectionComment: 'Wrong amount',
      CompletionTimeUtc: null,
      LinkLocked: false,
      SignatureLevel: null,
      InvitedTimeUtc: null,
      RemindedTimeUtc: null,
    },
  ],
  Note: 'Please sign by Friday',
  SignFlowDetailsStatus: 'Started',
  CompletionTimeUtc: null,
  LastStatusQueryTimeUtc: null,
  SignatureProcess: 'Sequential',
  InspectorEmail: 'inspector@example.com',
  MinimumSignatureLevel: 'Advanced',
  Role: 'group-1',
  ReminderIntervalInDays: 7,
  CancellationComment: null,
  ExpiryDate: '2026-12-31',
  CopyRecipients: [
    {
      Guid: 'r-1',
      Name: 'Kaisa',
      Email: 'kaisa@example.com',
      NotifiedTimeUtc: null,
      OpenedTimeUtc: null,
    },
  ],
  Viewers: [],
  SignFileInfo: { Guid: 'file-1', FileName: 'lease.pdf' },
  AttachmentInfo: [{ Guid: 'file-2', FileName: 'map.png' }],
  SignedFile: null,
  PersonalSignedFile: null,
  EvidenceReport: null,
  Language: 'sv',
  FailureReason: null,
  SigningDeadline: null,
  CancelledBy: null,
  ExpiredTimeUtc: null,
};

const offered = '2026-12-28';

describe('the edit form values', () => {
  it('start a new draft in parallel order, without signers, in the user’s language', () => {
    expect(newFormValues('en', offered)).toEqual({
      Name: '',
      Note: '',
      SignatureProcess: 'Concurrent',
      MinimumSignatureLevel: '',
      Role: '',
      InspectorEmail: '',
      ReminderIntervalInDays: '',
      Language: 'en',
      ExpiryDate: offered,
      Signers: [],
      CopyRecipients: [],
      Viewers: [],
    });
  });

  it('fall back to Finnish messages when the user’s language has no catalogue', () => {
    expect(messageLanguageFor('xx')).toBe('fi');
    expect(messageLanguageFor('sv')).toBe('sv');
  });

  it('show a loaded flow with its signers’ ids, for editing', () => {
    expect(formValuesFromDetail(sentFlow, 'edit', 'fi', offered)).toEqual({
      Name: 'Lease agreement',
      Note: 'Please sign by Friday',
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Advanced',
      Role: 'group-1',
      InspectorEmail: 'inspector@example.com',
      ReminderIntervalInDays: '7',
      Language: 'sv',
      ExpiryDate: '2026-12-31',
      Signers: [
        {
          Guid: 'signer-1',
          Name: 'Maija Meikäläinen',
          Email: 'maija@example.com',
          Organisation: 'Example Oy',
          PersonalIdentityCode: '150375-901H',
        },
        {
          Guid: 'signer-2',
          Name: '',
          Email: 'matti@example.com',
          Organisation: '',
          PersonalIdentityCode: '',
        },
      ],
      CopyRecipients: [{ Name: 'Kaisa', Email: 'kaisa@example.com' }],
      Viewers: [],
    });
  });

  it('keep a draft’s own deadline, and give a copy and an older draft without one the offered date', () => {
    expect(formValuesFromDetail(sentFlow, 'edit', 'fi', offered).ExpiryDate).toBe('2026-12-31');
    expect(formValuesFromDetail(sentFlow, 'copy', 'fi', offered).ExpiryDate).toBe(offered);
    const older = { ...sentFlow, ExpiryDate: null };
    expect(formValuesFromDetail(older, 'edit', 'fi', offered).ExpiryDate).toBe(offered);
  });

  it('copy everything the sender wrote but make the signers new', () => {
    const copy = formValuesFromDetail(sentFlow, 'copy', 'fi', offered);
    // Copy recipients and viewers are kept as people: they get new links at sending.
    expect(copy.CopyRecipients).toEqual([{ Name: 'Kaisa', Email: 'kaisa@example.com' }]);
    expect(copy.Signers.map((signer) => signer.Guid)).toEqual(['', '']);
    expect(copy.Signers.map((signer) => signer.Email)).toEqual([
      'maija@example.com',
      'matti@example.com',
    ]);
    expect(copy.Name).toBe('Lease agreement');
    expect(copy.ReminderIntervalInDays).toBe('7');
  });
});

describe('the save request built from the form', () => {
  const values: SignFlowFormValues = {
    ...formValuesFromDetail(sentFlow, 'edit', 'fi', offered),
    Note: '  ',
    Role: '',
    InspectorEmail: '',
    ReminderIntervalInDays: '',
  };

  it('names the draft it updates and sends empty choices as null', () => {
    const request = toSaveRequest(values, { guid: 'flow-1' });
    expect(request).toMatchObject({
      Guid: 'flow-1',
      Name: 'Lease agreement',
      Note: null,
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Advanced',
      Role: null,
      InspectorEmail: null,
      ReminderIntervalInDays: null,
      Language: 'sv',
    });
    expect(request).not.toHaveProperty('CopyFromGuid');
    expect(request.Signers).toEqual([
      {
        Guid: 'signer-1',
        Name: 'Maija Meikäläinen',
        Email: 'maija@example.com',
        Organisation: 'Example Oy',
        PersonalIdentityCode: '150375-901H',
      },
      {
        Guid: 'signer-2',
        Name: '',
        Email: 'matti@example.com',
        Organisation: null,
        PersonalIdentityCode: null,
      },
    ]);
  });

  it('asks for a copy only when creating, and leaves out signer ids not yet given', () => {
    const copy = formValuesFromDetail(sentFlow, 'copy', 'fi', offered);
    const request = toSaveRequest(copy, { copyFromGuid: 'flow-1' });
    expect(request).not.toHaveProperty('Guid');
    expect(request.CopyFromGuid).toBe('flow-1');
    expect(request.Signers?.[0]).not.toHaveProperty('Guid');
    expect(toSaveRequest(copy, { guid: 'flow-2', copyFromGuid: 'flow-1' })).not.toHaveProperty(
      'CopyFromGuid',
    );
  });

  it('sends the deadline as the date, and none when the field is empty', () => {
    expect(toSaveRequest(values, {}).ExpiryDate).toBe('2026-12-31');
    expect(toSaveRequest({ ...values, ExpiryDate: ' ' }, {}).ExpiryDate).toBeNull();
  });

  it('sends the reminder interval as a number of days', () => {
    const request = toSaveRequest({ ...values, ReminderIntervalInDays: '14' }, {});
    expect(request.ReminderIntervalInDays).toBe(14);
  });

  it('is what the contract’s schema accepts for a filled-in form', () => {
    expect(SignFlowSaveRequest.safeParse(toSaveRequest(values, { guid: 'flow-1' })).success).toBe(
      true,
    );
  });

  it('round-trips a saved flow: the form of a flow saves back the same fields', () => {
    const request = toSaveRequest(formValuesFromDetail(sentFlow, 'edit', 'fi', offered), {
      guid: 'flow-1',
    });
    expect(request).toMatchObject({
      Note: sentFlow.Note,
      Role: sentFlow.Role,
      InspectorEmail: sentFlow.InspectorEmail,
      ReminderIntervalInDays: sentFlow.ReminderIntervalInDays,
    });
  });
});

describe('the signer ids after a save', () => {
  it('are taken from the saved flow, row by row', () => {
    const values = {
      ...newFormValues('fi', offered),
      Signers: [
        { Guid: '', Name: 'A', Email: 'a@example.com', Organisation: '', PersonalIdentityCode: '' },
      ],
    };
    expect(withSavedSignerGuids(values, [{ Guid: 'new-id' }]).Signers[0]?.Guid).toBe('new-id');
  });

  it('are left alone when the rows no longer match the saved ones', () => {
    const values = newFormValues('fi', offered);
    expect(withSavedSignerGuids(values, [{ Guid: 'new-id' }])).toBe(values);
  });
});

describe('the name of a copy', () => {
  const named = (name: string) => `Copy of ${name}`;

  it('says it is a copy', () => {
    expect(formValuesFromDetail(sentFlow, 'copy', 'en', offered, named).Name).toBe(
      'Copy of Lease agreement',
    );
    expect(formValuesFromDetail(sentFlow, 'edit', 'en', offered, named).Name).toBe(
      'Lease agreement',
    );
  });

  it('shortens a long name so that the copy still fits the limit', () => {
    const long = 'x'.repeat(limits.signFlowNameMaxLength);
    const copied = copyName(long, named);
    expect(copied).toHaveLength(limits.signFlowNameMaxLength);
    expect(copied.startsWith('Copy of xxx')).toBe(true);
    expect(copied.endsWith('x…')).toBe(true);
  });
});
