import { signingPaths, type SignerTask } from '@esign/contract';
import { useState } from 'react';
import { stateNoticeFor } from '../utils/task-state.ts';
import { DocumentSection } from './document-section.tsx';
import { Identification } from './identification.tsx';
import { RequestDetails } from './request-details.tsx';
import { RequestSummary } from './request-summary.tsx';
import { SignActions } from './sign-actions.tsx';
import { SignedCopySection } from './signed-copy-section.tsx';
import { StateNotice } from './state-notice.tsx';

/** The whole task: what is asked, then the step the signer is at; details beside it on wide screens. */
export function SignerTaskView({ token, task }: { token: string; task: SignerTask }) {
  // What the task was when the page opened; a change since then is news to announce.
  const [opened] = useState({ state: task.State, authenticated: task.Authenticated });
  const notice = stateNoticeFor(task.State);

  return (
    <div className="signing-page" data-testid="signing-page">
      <RequestSummary task={task} />
      <div className="row g-4">
        <div className="col-lg-8">
          {notice !== null ? (
            <>
              <StateNotice notice={notice} task={task} takeFocus={task.State !== opened.state} />
              {task.SignedCopy !== null && <SignedCopySection copy={task.SignedCopy} />}
            </>
          ) : !task.Authenticated ? (
            <Identification token={token} task={task} />
          ) : (
            <>
              <DocumentSection
                document={task.Document}
                attachments={task.Attachments}
                documentUrl={signingPaths.document(token)}
                attachmentUrl={(id) => signingPaths.attachment(token, id)}
                takeFocus={!opened.authenticated}
              />
              <SignActions token={token} />
            </>
          )}
        </div>
        <div className="col-lg-4">
          <RequestDetails task={task} />
        </div>
      </div>
    </div>
  );
}
