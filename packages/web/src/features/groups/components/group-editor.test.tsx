import {
  groupIdentifierMaxLength,
  type CommonConfig,
  type GroupUsersWithStamp,
} from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context.ts';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { commonConfigQueryOptions } from '../../../lib/common-config.ts';
import { groupUsersQueryOptions } from '../api/get-group-users.ts';
import { usersQueryOptions } from '../api/list-users.ts';
import { GroupEditor } from './group-editor.tsx';
import { GroupIdentifierField } from './group-identifier-field.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const config: CommonConfig = {
  Languages: ['fi', 'en', 'sv'],
  PublicUrl: 'http://localhost:3000',
  IsFrontpageInfoEditable: true,
  GroupManagementEnabled: true,
  PersonalSignedFileEnabled: false,
  ShowHakaGroupId: true,
  MaxUploadMb: 100,
  BuiltInLogin: true,
  TimeZone: 'Europe/Helsinki',
  ApiTokenMaxDays: 365,
  SigningDeadlineDays: 30,
  SigningDeadlineMaxDays: 365,
};
const saved: GroupUsersWithStamp = {
  GroupUsers: [
    {
      UserId: 'u1',
      Email: 'user@example.com',
      DisplayName: 'Ulla User',
      Title: 'Planning officer',
      Organisation: null,
    },
  ],
  HakaGroupId: 'urn:mace:example.fi:hr',
  ConcurrencyStamp: 'stamp-1',
};

function renderEditor(showHakaGroupId: boolean): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(commonConfigQueryOptions().queryKey, {
    ...config,
    ShowHakaGroupId: showHakaGroupId,
  });
  queryClient.setQueryData(groupUsersQueryOptions('g1').queryKey, saved);
  queryClient.setQueryData(usersQueryOptions().queryKey, []);
  void i18n.changeLanguage('en');
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastContext value={{ showToast: () => undefined }}>
        <GroupEditor group={{ Id: 'g1', Name: 'HR', Type: 'CreatedByUser' }} onRemove={() => {}} />
      </ToastContext>
    </QueryClientProvider>,
  );
}

describe('a group in the group editor', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('is a region named by the group, with its users, each removable by a named button', () => {
    const html = renderEditor(true);
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>.*<h3 id="\1"[^>]*>HR<\/h3>/);
    expect(html).toContain('Ulla User');
    expect(html).toContain('user@example.com · Planning officer');
    expect(html).toContain('aria-label="Remove Ulla User from the group"');
    expect(html).toMatch(/<label[^>]*>Add a user<\/label><input[^>]*role="combobox"/);
    expect(html).toContain('>Save</button>');
    expect(html).toContain('>Remove group</button>');
  });

  it('shows the group identifier only when ShowHakaGroupId is on', () => {
    const shown = renderEditor(true);
    expect(shown).toContain('>Group identifier</label>');
    expect(shown).toContain('value="urn:mace:example.fi:hr"');
    expect(renderEditor(false)).not.toContain('Group identifier');
  });

  it('marks a too-long identifier invalid, for assistive technology too, and ties it to its message', () => {
    void i18n.changeLanguage('en');
    const field = (value: string) =>
      renderToStaticMarkup(<GroupIdentifierField value={value} onChange={() => {}} />);
    const tooLong = field('x'.repeat(groupIdentifierMaxLength + 1));
    const input = /<input[^>]*>/.exec(tooLong)?.[0] ?? '';
    expect(input).toContain('aria-invalid="true"');
    const errorId = /<div id="([^"]+)"[^>]*role="alert"/.exec(tooLong)?.[1];
    expect(input).toContain(`aria-describedby="${errorId} `);
    expect(field('urn:mace:example.fi:hr')).not.toContain('aria-invalid');
  });
});
