import type {
  Language,
  SignatureLevel,
  SignatureProcess,
  Template,
  TemplateSaveRequest,
} from '@esign/contract';

export interface RoleFormValues {
  Guid: string;
  RoleName: string;
  Name: string;
  Email: string;
  Organisation: string;
  PersonalIdentityCode: string;
}

/** The template editor's values: the save request's fields, selects and texts as strings. */
export interface TemplateFormValues {
  Name: string;
  Note: string;
  SignatureProcess: string;
  MinimumSignatureLevel: string;
  InspectorEmail: string;
  ReminderIntervalInDays: string;
  Language: string;
  GroupId: string;
  GroupCanEdit: boolean;
  Roles: RoleFormValues[];
}

export const emptyRole = (): RoleFormValues => ({
  Guid: '',
  RoleName: '',
  Name: '',
  Email: '',
  Organisation: '',
  PersonalIdentityCode: '',
});

export function newTemplateValues(language: string): TemplateFormValues {
  return {
    Name: '',
    Note: '',
    SignatureProcess: 'Concurrent',
    MinimumSignatureLevel: '',
    InspectorEmail: '',
    ReminderIntervalInDays: '',
    Language: language,
    GroupId: '',
    GroupCanEdit: false,
    Roles: [emptyRole()],
  };
}

export function templateFormValues(template: Template): TemplateFormValues {
  return {
    Name: template.Name,
    Note: template.Note ?? '',
    SignatureProcess: template.SignatureProcess ?? '',
    MinimumSignatureLevel: template.MinimumSignatureLevel ?? '',
    InspectorEmail: template.InspectorEmail ?? '',
    ReminderIntervalInDays:
      template.ReminderIntervalInDays === null ? '' : String(template.ReminderIntervalInDays),
    Language: template.Language ?? 'fi',
    GroupId: template.GroupId ?? '',
    GroupCanEdit: template.GroupCanEdit,
    Roles: template.Roles.map((role) => ({
      Guid: role.Guid,
      RoleName: role.RoleName,
      Name: role.Name ?? '',
      Email: role.Email ?? '',
      Organisation: role.Organisation ?? '',
      PersonalIdentityCode: role.PersonalIdentityCode ?? '',
    })),
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value);
const choiceOrNull = <Choice extends string>(value: string) =>
  value === '' ? null : (value as Choice);

/** The POST/PUT Templates body for the form's values; the server's schema judges it. */
export function toTemplateRequest(
  values: TemplateFormValues,
  version: number | undefined,
): TemplateSaveRequest {
  const reminder = values.ReminderIntervalInDays.trim();
  return {
    Name: values.Name,
    Note: textOrNull(values.Note),
    SignatureProcess: choiceOrNull<SignatureProcess>(values.SignatureProcess),
    MinimumSignatureLevel: choiceOrNull<SignatureLevel>(values.MinimumSignatureLevel),
    InspectorEmail: textOrNull(values.InspectorEmail),
    ReminderIntervalInDays: reminder === '' ? null : Number(reminder),
    Language: choiceOrNull<Language>(values.Language),
    GroupId: textOrNull(values.GroupId),
    GroupCanEdit: values.GroupId !== '' && values.GroupCanEdit,
    Roles: values.Roles.map((role) => ({
      ...(role.Guid !== '' ? { Guid: role.Guid } : {}),
      RoleName: role.RoleName,
      Name: textOrNull(role.Name),
      Email: textOrNull(role.Email),
      Organisation: textOrNull(role.Organisation),
      PersonalIdentityCode: textOrNull(role.PersonalIdentityCode),
    })),
    ...(version !== undefined ? { Version: version } : {}),
  };
}
