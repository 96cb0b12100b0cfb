import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../../lib/i18n.ts';
import { userGroupsQueryOptions } from '../../../groups/api/list-user-groups.ts';
import { SignersSettings } from './signers-section-settings.tsx';
import { newFormValues, type SignFlowFormValues } from './signflow-edit-values.ts';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

function EditorForm({ children }: { children: ReactNode }) {
  const form = useForm<SignFlowFormValues>({ defaultValues: newFormValues('en', '2026-12-28') });
  return <FormProvider {...form}>{children}</FormProvider>;
}

describe("the sign-flow editor's group choice", () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('offers the groups the groups feature has loaded, from the one cache entry both read', () => {
    const client = new QueryClient();
    client.setQueryData(userGroupsQueryOptions().queryKey, [
      { Id: 'g1', Name: 'HR', Type: 'CreatedByUser' },
      { Id: 'g2', Name: 'Legal', Type: 'CreatedByUser' },
    ]);
    void i18n.changeLanguage('en');
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <EditorForm>
          <SignersSettings />
        </EditorForm>
      </QueryClientProvider>,
    );
    expect(html).toContain('<option value="g1">HR</option>');
    expect(html).toContain('<option value="g2">Legal</option>');
  });
});
