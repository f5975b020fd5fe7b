/** The product's information dialogs, by name: How it works, About Us, Contact. */
export type InfoDialogName = 'how' | 'about' | 'contact';
