import { useTranslation } from 'react-i18next';
import { operationLabelKey } from '../utils/labels.ts';

/** Turns an operation (SPEC §3's label) into its translated text; an unknown one shows as it is. */
export function useOperationLabel(): (operation: string) => string {
  const { t } = useTranslation();
  return (operation) => {
    const key = operationLabelKey(operation);
    return key === undefined ? operation : t(key);
  };
}
