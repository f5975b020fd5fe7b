import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import './SidePanel.css';

export interface SidePanelProps {
  open: boolean;
  onClose(): void;
  /** The panel's heading; it is labelled by it. */
  title: ReactNode;
  children: ReactNode;
  /** The panel's action row, kept in view at the bottom while the body scrolls. */
  footer?: ReactNode;
}

/**
 * A record's details beside its list: a drawer on the right on a wide screen, a full-screen
 * sheet on a phone. It is the app's Dialog, not modal: the list and the toasts stay usable
 * beside it, while Tab cycles inside it, Escape closes it and focus goes back to the row that
 * opened it.
 */
export function SidePanel({ open, onClose, title, children, footer }: SidePanelProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} footer={footer} className="side-panel" modal={false}>
      {children}
    </Dialog>
  );
}
