import type { SignFlowDetailResponse } from '@esign/contract';
import { FlowPageActions } from './flow-page-actions.tsx';
import { FlowPageDocument } from './flow-page-document.tsx';
import { FlowPageHeader } from './flow-page-header.tsx';
import { FlowPageRecipients } from './flow-page-recipients.tsx';
import { FlowPageSigners } from './flow-page-signers.tsx';
import { FlowStatusCheck } from './flow-status-check.tsx';
import { FlowTimeline } from './flow-timeline.tsx';
import '../signflow-sections.css';
import './flow-page.css';

/**
 * A flow that has left the draft state: what happened in words, what the sender can do now,
 * the document, each signer, and the timeline. Nothing here is a form field.
 */
export function FlowPage({ flow }: { flow: SignFlowDetailResponse }) {
  return (
    <div className="flow-page" data-testid="flow-page">
      <FlowPageHeader flow={flow} />
      <FlowStatusCheck flow={flow} />
      <FlowPageActions flow={flow} />
      <FlowPageDocument flow={flow} />
      <FlowPageSigners flow={flow} />
      <FlowPageRecipients flow={flow} />
      <FlowTimeline flow={flow} />
    </div>
  );
}
