export interface ToastAction {
  label: string;
  onAction(): void;
}

export interface ToastMessage {
  message: string;
  tone?: 'success' | 'error' | 'info';
  /** One action offered with the message, e.g. Undo; taking it closes the toast. */
  action?: ToastAction;
}

/** A toast on the screen: its message and the id it is closed by. */
export interface ShownToast extends ToastMessage {
  id: number;
}
