import { useCallback, useMemo, useState } from 'react';
import type { IssueMessage } from './signflow-edit-issues.ts';

/** Parts of the screen with messages that belong to no single input. */
export type NoticeArea = 'SignFileInfo' | 'AttachmentInfo' | 'Signers' | 'general';

/** One message; a file's problem names the file. */
export interface Notice {
  issue: IssueMessage;
  fileName?: string;
}

export interface Notices {
  byArea: Partial<Record<NoticeArea, Notice[]>>;
  show: (area: NoticeArea, notices: Notice[]) => void;
  clear: (...areas: NoticeArea[]) => void;
}

const areas: readonly string[] = ['SignFileInfo', 'AttachmentInfo', 'Signers', 'general'];

export function isNoticeArea(path: string): path is NoticeArea {
  return areas.includes(path);
}

/** The messages of the areas above, each area showing its latest ones. */
export function useNotices(): Notices {
  const [byArea, setByArea] = useState<Partial<Record<NoticeArea, Notice[]>>>({});
  const show = useCallback((area: NoticeArea, notices: Notice[]) => {
    setByArea((current) => ({ ...current, [area]: notices }));
  }, []);
  const clear = useCallback((...cleared: NoticeArea[]) => {
    setByArea((current) => {
      if (!cleared.some((area) => current[area] !== undefined)) return current;
      return Object.fromEntries(
        Object.entries(current).filter(([area]) => !cleared.includes(area as NoticeArea)),
      );
    });
  }, []);
  return useMemo(() => ({ byArea, show, clear }), [byArea, show, clear]);
}
