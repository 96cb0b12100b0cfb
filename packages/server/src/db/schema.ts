import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  SignatureLevel,
  SignatureProcess,
  SignerStatus,
  SignFlowStatus,
} from '@esign/contract';

/** Timestamps: written as Date, read as Date (PostgreSQL) or ISO text (SQLite); see toIsoString. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}
export type SettingRow = Selectable<SettingsTable>;

/** SQLite stores booleans as 0/1, PostgreSQL as boolean. */
export type Flag = ColumnType<boolean | number, boolean, boolean>;

export interface UsersTable {
  id: string;
  issuer: string;
  subject: string;
  email: string;
  display_name: string;
  organisation: string | null;
  title: string | null;
  is_admin: Flag;
  created_at: Timestamp;
  last_login_at: Timestamp;
}

export interface UserGroupsTable {
  id: string;
  name: string;
  normalized_name: string;
  concurrency_stamp: string;
  role_type: string;
  haka_group_id: string | null;
  created_at: Timestamp;
}

export interface UserGroupMembersTable {
  group_id: string;
  user_id: string;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself lives only in the cookie. */
  id: string;
  user_id: string;
  login_method: string;
  id_token: string | null;
  saml_name_id: string | null;
  saml_session_index: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

export interface LoginStatesTable {
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  created_at: Timestamp;
}

export interface LocalAccountsTable {
  id: string;
  email: string;
  password_hash: string;
  display_name: string;
  organisation: string | null;
  title: string | null;
  /** JSON array of group identifiers sent as the groups claim. */
  groups: string;
  is_demo: Flag;
  created_at: Timestamp;
}
export type LocalAccountRow = Selectable<LocalAccountsTable>;

export interface LoginThrottleTable {
  key: string;
  /** Attempts counted (before their password was checked) since the key was last cleared. */
  failures: number;
  /** When this run of attempts began. */
  window_started_at: Timestamp;
  /** The last counted attempt: the next one waits from here (null in rows from before 0010). */
  last_attempt_at: Timestamp | null;
}

export interface AuditEventsTable {
  seq: Generated<number>;
  id: string;
  occurred_at: Timestamp;
  operation: string;
  user_id: string | null;
  actor: string | null;
  ip: string | null;
  user_agent: string | null;
  details: string;
  previous_hash: string;
  hash: string;
  /** The flow whose chain the event belongs to; null for events of the portal's own chain. */
  flow_id: string | null;
  /** The signer the event is about (details.signerId), for look-ups; outside the hash chain. */
  signer_id: string | null;
}
export type AuditEventRow = Selectable<AuditEventsTable>;

export interface IdpPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** A SAML request (AuthnRequest or LogoutRequest) awaiting its answer; value is its IssueInstant. */
export interface SamlRequestsTable {
  id: string;
  value: string;
  created_at: Timestamp;
  /** Where a login returns after the provider's answer; null for logout requests. */
  return_to: string | null;
}

export interface SignFlowsTable {
  id: string;
  owner_id: string;
  group_id: string | null;
  name: string;
  /** Lower-cased name for case-insensitive search and sort on both databases. */
  name_search: string;
  note: string | null;
  /** The details status the API shows follows from it (signFlowDetailsStatusOf). */
  status: SignFlowStatus;
  signature_process: SignatureProcess | null;
  minimum_signature_level: SignatureLevel | null;
  inspector_email: string | null;
  reminder_interval_days: number | null;
  cancellation_comment: string | null;
  language: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  finished_at: Timestamp | null;
  rejected_at: Timestamp | null;
  last_status_query_at: Timestamp | null;
  auto_delete_at: Timestamp | null;
  /** Set at sending: signers must sign by then, or the flow expires (ends Cancelled). */
  deadline_at: Timestamp | null;
  /** The date chosen for the signers to sign by (YYYY-MM-DD); deadline_at is the end of it in TIME_ZONE. */
  expiry_date: string | null;
  /** The prepared document with the signatures made so far (a file of kind 'working'). */
  working_file_id: string | null;
  /** Why processing failed (Error / Failed), shown to the sender. */
  failure_reason: string | null;
}
export type SignFlowRow = Selectable<SignFlowsTable>;

export interface SignFlowSignersTable {
  id: string;
  flow_id: string;
  position: number;
  name: string;
  email: string;
  organisation: string | null;
  /** The Finnish personal identity code the sender gave: Advanced and Qualified must prove it. */
  personal_identity_code: string | null;
  role: string | null;
  status: SignerStatus;
  rejection_comment: string | null;
  completed_at: Timestamp | null;
  /** Random salt of the signing link; the link itself is derived from it and never stored. */
  token_salt: string | null;
  /** SHA-256 of the signing link's token, to find the signer from a link. */
  token_hash: string | null;
  invited_at: Timestamp | null;
  reminded_at: Timestamp | null;
  /** SHA-256 of the one-time code (Low), its expiry and the wrong tries so far. */
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  code_attempts: Generated<number>;
  /** Over the flow's life: codes sent (and the last one's time) and codes entered wrong. */
  codes_sent: Generated<number>;
  code_sent_at: Timestamp | null;
  code_failures: Generated<number>;
  /** Set when too many codes were asked or entered wrong; the sender can open the link again. */
  code_locked_at: Timestamp | null;
  /** JSON of the identity the signer proved (VerifiedIdentity), once they signed. */
  verified_identity: string | null;
  /** The level the signature was made at. */
  signature_level: string | null;
  /** Once the flow finished: SHA-256 of the token of the signer's link to the signed document. */
  signed_copy_hash: string | null;
  /** Until when that link works (SIGNED_COPY_DAYS from finishing; deleting the flow ends it sooner). */
  signed_copy_expires_at: Timestamp | null;
}
export type SignerRow = Selectable<SignFlowSignersTable>;

/** copy: told at sending, gets the finished document; viewer: reads the document while it is out. */
export type RecipientKind = 'copy' | 'viewer';

/** A flow's copy recipients and viewers (see 0019-flow-recipients). */
export interface SignFlowRecipientsTable {
  id: string;
  flow_id: string;
  kind: RecipientKind;
  position: number;
  name: string;
  email: string;
  /** Set at sending: the salt the recipient's links are derived from (never the links). */
  token_salt: string | null;
  /** SHA-256 of the live link's token: a viewer's from sending, a copy recipient's from finishing. */
  token_hash: string | null;
  /** Until when a copy recipient's link to the finished document works (SIGNED_COPY_DAYS). */
  link_expires_at: Timestamp | null;
  /** When the recipient was mailed that the flow was sent. */
  notified_at: Timestamp | null;
  /** When a viewer first opened the document through their link. */
  opened_at: Timestamp | null;
}
export type RecipientRow = Selectable<SignFlowRecipientsTable>;

/** 'working' is the prepared document carrying the signatures made so far. */
export type FileKind =
  'signfile' | 'attachment' | 'signedfile' | 'personalsignedfile' | 'evidencereport' | 'working';

export interface SignFlowFilesTable {
  id: string;
  flow_id: string;
  kind: FileKind;
  file_name: string;
  content_type: string;
  /** bigint: a string from PostgreSQL, a number from SQLite. */
  size: ColumnType<number | string, number, number>;
  sha256: string;
  storage_key: string;
  created_at: Timestamp;
  /** When the archive time stamp of a signed file is to be renewed; null for other files. */
  archive_renew_at: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
}
export type FileRow = Selectable<SignFlowFilesTable>;

export interface PendingFileDeletionsTable {
  storage_key: string;
  created_at: Timestamp;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  dedupe_key: string | null;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  /** Set when the job gave up after its last attempt; it then stays for an operator. */
  failed_at: Timestamp | null;
  created_at: Timestamp;
}
export type JobRow = Selectable<JobsTable>;

/** One run of a server process (a node) and its heartbeat; see jobs/node-heartbeat.ts. */
export interface NodesTable {
  /** The run's job worker id, as jobs.locked_by holds it. */
  id: string;
  host: string;
  pid: number;
  /** The tag the run's temporary file names carry. */
  tag: string;
  started_at: Timestamp;
  last_seen_at: Timestamp;
  /** Set when the run stopped, or was found dead; its jobs were released then. */
  ended_at: Timestamp | null;
}
export type NodeRow = Selectable<NodesTable>;

export interface DevMailboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  sent_at: Timestamp;
  /** JSON: what the message had attached, [{ fileName, contentType, size }]; null for none. */
  attachments: string | null;
}

/** A signer who proved who they are: the session their browser holds on the signing page. */
export interface SignerSessionsTable {
  id_hash: string;
  signer_id: string;
  /** JSON VerifiedIdentity. */
  identity: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** An identification (OIDC) or qualified signature (CSC) under way for a signer. */
export interface SignerAuthStatesTable {
  state: string;
  signer_id: string;
  kind: string;
  /** JSON. */
  payload: string;
  created_at: Timestamp;
}

/** The whole database as Kysely sees it; each migration extends it. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** The token's scopes, space-separated. */
  scopes: string;
  /** SHA-256 (hex) of the token; the token itself is shown once and never kept. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Written at most once a minute per token, and at once from a new address. */
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;

export interface WebhookEndpointsTable {
  id: string;
  owner_id: string | null;
  scope: 'user' | 'group' | 'organisation';
  group_id: string | null;
  url: string;
  /** Event types, space-separated. */
  events: string;
  /** whsec_ + base64 of 32 random bytes: every delivery is signed with it. */
  secret: string;
  enabled: Flag;
  disabled_reason: 'failing' | 'user' | null;
  disabled_at: Timestamp | null;
  failing_since: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  /** The event's id (webhook-id): the same on every attempt and on a redelivery. */
  event_id: string;
  event_type: string;
  flow_id: string | null;
  /** Deliveries of one pipe (a flow, to one endpoint) go out in sequence order. */
  pipe: string;
  sequence: number;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: Timestamp;
  next_attempt_at: Timestamp | null;
  locked_until: Timestamp | null;
  last_attempt_at: Timestamp | null;
  status_code: number | null;
  duration_ms: number | null;
  /** The first kilobyte of the last answer. */
  response: string | null;
  /** A delivery error key when the last attempt got no answer. */
  error: string | null;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** checked: waits for send; invalid: its file had problems; sending; done; cancelled. */
export type BulkBatchStatus = 'checked' | 'invalid' | 'sending' | 'done' | 'cancelled';

export interface BulkBatchesTable {
  id: string;
  template_id: string;
  owner_id: string;
  status: BulkBatchStatus;
  total: number;
  problem_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type BulkBatchRow = Selectable<BulkBatchesTable>;

/** queued → sending (its flow being made) → sent or failed; queued → cancelled. */
export type BulkRowStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';

export interface BulkBatchRowsTable {
  batch_id: string;
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row_number: number;
  /** JSON: [{ Role, Name, Email, PersonalIdentityCode }]. */
  people: string;
  flow_name: string | null;
  note: string | null;
  status: BulkRowStatus;
  flow_id: string | null;
  failure: string | null;
  updated_at: Timestamp;
}
export type BulkBatchRowRow = Selectable<BulkBatchRowsTable>;

/** A flow kept for use again (0020): a template's own settings; its roles and files beside it. */
export interface TemplatesTable {
  id: string;
  owner_id: string;
  /** Shared with this group's members (they use it); null for the owner's own. */
  group_id: string | null;
  /** The group's members may change it too, not only use it. */
  group_can_edit: Flag;
  name: string;
  /** Lower-cased name for case-insensitive search and sort. */
  name_search: string;
  note: string | null;
  signature_process: SignatureProcess | null;
  minimum_signature_level: SignatureLevel | null;
  inspector_email: string | null;
  reminder_interval_days: number | null;
  language: string | null;
  /** Grows with every change: a save against an older version loses (409). */
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type TemplateRow = Selectable<TemplatesTable>;

/** A template's signer: a role, optionally filled with a fixed person. */
export interface TemplateRolesTable {
  id: string;
  template_id: string;
  position: number;
  role_name: string;
  name: string | null;
  /** The fixed person's address; null when the role is filled at use. */
  email: string | null;
  organisation: string | null;
  personal_identity_code: string | null;
}
export type TemplateRoleRow = Selectable<TemplateRolesTable>;

export interface TemplateFilesTable {
  id: string;
  template_id: string;
  kind: 'signfile' | 'attachment';
  file_name: string;
  content_type: string;
  size: ColumnType<number | string, number, number>;
  sha256: string;
  storage_key: string;
  created_at: Timestamp;
}
export type TemplateFileRow = Selectable<TemplateFilesTable>;

export interface Database {
  templates: TemplatesTable;
  template_roles: TemplateRolesTable;
  template_files: TemplateFilesTable;
  bulk_batches: BulkBatchesTable;
  bulk_batch_rows: BulkBatchRowsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  api_tokens: ApiTokensTable;
  jobs: JobsTable;
  nodes: NodesTable;
  dev_mailbox: DevMailboxTable;
  signer_sessions: SignerSessionsTable;
  signer_auth_states: SignerAuthStatesTable;
  sign_flows: SignFlowsTable;
  sign_flow_signers: SignFlowSignersTable;
  sign_flow_recipients: SignFlowRecipientsTable;
  sign_flow_files: SignFlowFilesTable;
  pending_file_deletions: PendingFileDeletionsTable;
  settings: SettingsTable;
  users: UsersTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  sessions: SessionsTable;
  login_states: LoginStatesTable;
  local_accounts: LocalAccountsTable;
  login_throttle: LoginThrottleTable;
  audit_events: AuditEventsTable;
  idp_payloads: IdpPayloadsTable;
  saml_requests: SamlRequestsTable;
}
