import Button from 'react-bootstrap/Button';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TemplateTextField } from './template-field.tsx';
import { emptyRole, type TemplateFormValues } from './template-form-values.ts';

/** The signers as roles: each a name ("Employee") and, optionally, the fixed person who signs. */
export function TemplateRoles() {
  const { t } = useTranslation();
  const { control } = useFormContext<TemplateFormValues>();
  const roles = useFieldArray({ control, name: 'Roles', keyName: 'key' });
  return (
    <section className="template-section" aria-labelledby="template-roles-heading">
      <h2 id="template-roles-heading" className="h4">
        {t('templates.edit.rolesHeading')}
      </h2>
      <p className="text-body-secondary">{t('templates.edit.rolesHint')}</p>
      {roles.fields.length === 0 && <p>{t('templates.edit.noRoles')}</p>}
      {roles.fields.map((field, index) => (
        <fieldset key={field.key} className="template-role" data-testid="template-role">
          <legend>{t('templates.edit.roleNumber', { number: index + 1 })}</legend>
          <div className="row g-2">
            <TemplateTextField
              path={`Roles.${index}.RoleName`}
              label={t('templates.edit.roleName')}
              className="col-md-6 col-xl-3"
              required
              testId={`role-name-${index}`}
            />
            <TemplateTextField
              path={`Roles.${index}.Name`}
              label={t('templates.edit.fixedName')}
              className="col-md-6 col-xl-3"
              testId={`role-person-name-${index}`}
            />
            <TemplateTextField
              path={`Roles.${index}.Email`}
              label={t('templates.edit.fixedEmail')}
              type="email"
              className="col-md-6 col-xl-3"
              testId={`role-email-${index}`}
            />
            <TemplateTextField
              path={`Roles.${index}.PersonalIdentityCode`}
              label={t('signflow.edit.signers.personalIdentityCode')}
              className="col-md-6 col-xl-3"
              testId={`role-identity-code-${index}`}
            />
          </div>
          <Button
            className="mt-2"
            variant="outline-danger"
            size="sm"
            onClick={() => roles.remove(index)}
            data-testid={`role-remove-${index}`}
          >
            {t('templates.edit.removeRole', { number: index + 1 })}
          </Button>
        </fieldset>
      ))}
      <Button
        variant="outline-primary"
        onClick={() => roles.append(emptyRole())}
        data-testid="role-add"
      >
        {t('templates.edit.addRole')}
      </Button>
    </section>
  );
}
