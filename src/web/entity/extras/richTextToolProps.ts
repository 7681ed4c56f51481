/** What a rich-text field gives each tool of its toolbar (./richTextTools.ts lists the tools). */
export interface RichTextToolProps {
  /** Puts text or markup at the cursor (at the end when none was placed) and saves. */
  insert: (content: string) => Promise<boolean>;
  /** True for a stored row: tools that link rows to it need one. */
  record: boolean;
}
