import type { SignFlowDetailResponse, Signer } from '@esign/contract';

// A flow and a signer as the detail call answers them, for the tests of the screens that
// show one; each test gives only what it is about.

export function signerFixture(overrides: Partial<Signer> = {}): Signer {
  return {
    Guid: 'signer-1',
    Name: 'Maija Meikäläinen',
    Email: 'maija@example.com',
    Role: null,
    Organisation: null,
    PersonalIdentityCode: null,
    Status: 'Unsigned',
    RejectionComment: null,
    CompletionTimeUtc: null,
    LinkLocked: false,
    SignatureLevel: null,
    InvitedTimeUtc: null,
    RemindedTimeUtc: null,
    ...overrides,
  };
}

export function flowFixture(
  overrides: Partial<SignFlowDetailResponse> = {},
): SignFlowDetailResponse {
  return {
    Guid: 'flow-1',
    Name: 'Lease agreement',
    Status: 'Sent',
    CreationDate: '2025-01-02T10:00:00.000Z',
    SentToSignersDate: '2025-01-03T10:00:00.000Z',
    Signers: [],
    Note: null,
    SignFlowDetailsStatus: 'Started',
    CompletionTimeUtc: null,
    LastStatusQueryTimeUtc: null,
    SignatureProcess: 'Concurrent',
    InspectorEmail: null,
    MinimumSignatureLevel: 'Low',
    Role: null,
    ReminderIntervalInDays: null,
    CancellationComment: null,
    ExpiryDate: null,
    CopyRecipients: [],
    Viewers: [],
    SignFileInfo: null,
    AttachmentInfo: [],
    SignedFile: null,
    PersonalSignedFile: null,
    EvidenceReport: null,
    Language: 'fi',
    FailureReason: null,
    SigningDeadline: null,
    CancelledBy: null,
    ExpiredTimeUtc: null,
    ...overrides,
  };
}
