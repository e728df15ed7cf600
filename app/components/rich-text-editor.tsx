import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import { EditorContent, Extension, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { htmlToText } from "~/lib/text";
import { isImageAddress, isWebUrl } from "~/lib/validation";
import { ErrorList, type ListOfErrors } from "./forms";

// admin.md §2 "Rich-text editor", on TipTap 3. What it can produce is exactly what
// lib/sanitize.server.ts lets through (the two lists are kept together by its tests):
// paragraphs, line breaks, bold, italic, underline, lists, left/center/right alignment of
// paragraphs and headings 1-2, links (new tab), images (address and alt), code blocks and
// quotes. Marks and nodes that have no toolbar button (strike, inline code, rules,
// headings 3-6) are switched off, so neither shortcuts nor pasted HTML bring them in.
// Only admin routes import this file: TipTap never reaches a public page.

const LINK_REL = "noopener noreferrer nofollow";
const ALIGNMENTS = ["left", "center", "right"] as const;
type Alignment = (typeof ALIGNMENTS)[number];

/**
 * Alignment of paragraphs and headings. @tiptap/extension-text-align has no release for
 * core 3.34 (its latest, 3.32.2, wants core 3.32.2 exactly), so this is the small part of
 * it the toolbar needs. It writes `text-align:center` just as the sanitiser writes it back.
 */
const TextAlign = Extension.create({
  name: "textAlign",
  addGlobalAttributes() {
    return [
      {
        types: ["heading", "paragraph"],
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) => {
              const value = element.style.textAlign;
              return (ALIGNMENTS as readonly string[]).includes(value) ? value : null;
            },
            renderHTML: (attributes) => (attributes.textAlign ? { style: `text-align:${attributes.textAlign}` } : {}),
          },
        },
      },
    ];
  },
});

/** Links carry only their address, and always open in a new tab without an opener. */
const SafeLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute("href") },
      target: { default: "_blank", parseHTML: () => "_blank" },
      rel: { default: LINK_REL, parseHTML: () => LINK_REL },
    };
  },
}).configure({
  openOnClick: false,
  autolink: false,
  defaultProtocol: "https",
  HTMLAttributes: { target: "_blank", rel: LINK_REL, class: null },
  isAllowedUri: (url) => isWebUrl(url) || /^mailto:[^\s]+$/i.test(url),
});

/** Images carry an address and alt text; lazy loading as the public page renders them. */
const SafeImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      loading: { default: "lazy", parseHTML: () => "lazy" },
    };
  },
});

export const EDITOR_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2] },
    strike: false,
    code: false,
    horizontalRule: false,
    link: false,
  }),
  SafeLink,
  SafeImage,
  TextAlign,
];

/** Tells conform (listening on the document) that the hidden field changed or was left. */
function notifyForm(input: HTMLInputElement | null, type: "input" | "focusout") {
  input?.dispatchEvent(new Event(type, { bubbles: true }));
}

export function RichTextEditor({
  id,
  name,
  label,
  defaultValue = "",
  minHeight = 300,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  minHeight?: number;
  errors?: ListOfErrors;
}) {
  const [html, setHtml] = useState(defaultValue);
  const [dialog, setDialog] = useState<"link" | "image" | null>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const labelId = `${id}-label`;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const contentStyle = `min-height:${minHeight}px`;
  const contentClass = "rich-text max-w-none px-3 py-2 text-sm focus:outline-none";

  const editor = useEditor(
    {
      extensions: EDITOR_EXTENSIONS,
      content: defaultValue,
      // SSR: the server and the first client render show the fallback; the editor
      // mounts after hydration, so the two renders agree.
      immediatelyRender: false,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: {
          id,
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelId,
          class: contentClass,
          style: contentStyle,
        },
      },
      onUpdate: ({ editor: current }) => setHtml(current.isEmpty ? "" : current.getHTML()),
      onBlur: () => notifyForm(hidden.current, "focusout"),
    },
    [],
  );

  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    if (errorId) {
      dom.setAttribute("aria-invalid", "true");
      dom.setAttribute("aria-describedby", errorId);
    } else {
      dom.removeAttribute("aria-invalid");
      dom.removeAttribute("aria-describedby");
    }
  }, [editor, errorId]);

  // Whichever way a dialog closes (Ekle, İptal, Escape), the caret goes back where it was:
  // the dialog leaves the page before its close() could hand the focus back, which left it
  // on the page's body (operator walk-through). TipTap focuses on the next frame, by then
  // the modal dialog is gone.
  const closeDialog = () => {
    setDialog(null);
    editor?.commands.focus();
  };

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    notifyForm(hidden.current, "input");
  }, [html]);

  return (
    <div>
      <div id={labelId} className="block text-sm font-medium text-slate-700" onClick={() => editor?.commands.focus()}>
        {label}
      </div>
      <input ref={hidden} type="hidden" name={name} value={html} />
      <div className={`mt-1 overflow-hidden rounded-lg border bg-white ${errorId ? "border-red-500" : "border-slate-300"} focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30`}>
        <Toolbar editor={editor} onDialog={setDialog} />
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          // Until the editor mounts: the text, read-only, in the same box.
          <div className={`${contentClass} whitespace-pre-line text-slate-500`} style={{ minHeight }} aria-busy="true">
            {htmlToText(defaultValue)}
          </div>
        )}
      </div>
      <ErrorList id={errorId} errors={errors} />
      {editor && dialog === "link" && <LinkDialog editor={editor} onClose={closeDialog} />}
      {editor && dialog === "image" && <ImageDialog editor={editor} onClose={closeDialog} />}
    </div>
  );
}

type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  bulletList: boolean;
  orderedList: boolean;
  heading1: boolean;
  heading2: boolean;
  link: boolean;
  codeBlock: boolean;
  blockquote: boolean;
  align: Alignment;
  canUndo: boolean;
  canRedo: boolean;
};

const IDLE: ToolbarState = {
  bold: false,
  italic: false,
  underline: false,
  bulletList: false,
  orderedList: false,
  heading1: false,
  heading2: false,
  link: false,
  codeBlock: false,
  blockquote: false,
  align: "left",
  canUndo: false,
  canRedo: false,
};

function alignmentOf(editor: Editor): Alignment {
  for (const alignment of ["center", "right"] as const) {
    if (editor.isActive({ textAlign: alignment })) return alignment;
  }
  return "left";
}

function Toolbar({ editor, onDialog }: { editor: Editor | null; onDialog: (dialog: "link" | "image") => void }) {
  const state =
    useEditorState({
      editor,
      selector: ({ editor: e }): ToolbarState =>
        e
          ? {
              bold: e.isActive("bold"),
              italic: e.isActive("italic"),
              underline: e.isActive("underline"),
              bulletList: e.isActive("bulletList"),
              orderedList: e.isActive("orderedList"),
              heading1: e.isActive("heading", { level: 1 }),
              heading2: e.isActive("heading", { level: 2 }),
              link: e.isActive("link"),
              codeBlock: e.isActive("codeBlock"),
              blockquote: e.isActive("blockquote"),
              align: alignmentOf(e),
              canUndo: e.can().undo(),
              canRedo: e.can().redo(),
            }
          : IDLE,
    }) ?? IDLE;
  const run = (command: (editor: Editor) => void) => () => {
    if (editor) command(editor);
  };
  const align = (alignment: Alignment) =>
    run((e) =>
      e
        .chain()
        .focus()
        .updateAttributes("paragraph", { textAlign: alignment === "left" ? null : alignment })
        .updateAttributes("heading", { textAlign: alignment === "left" ? null : alignment })
        .run(),
    );

  return (
    <div role="toolbar" aria-label="Metin biçimlendirme" className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 p-1">
      <ToolButton label="Kalın" active={state.bold} disabled={!editor} onClick={run((e) => e.chain().focus().toggleBold().run())} icon={<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />} />
      <ToolButton label="İtalik" active={state.italic} disabled={!editor} onClick={run((e) => e.chain().focus().toggleItalic().run())} icon={<path d="M14 5h-4m4 14h-4m3-14-2 14" />} />
      <ToolButton label="Altı çizili" active={state.underline} disabled={!editor} onClick={run((e) => e.chain().focus().toggleUnderline().run())} icon={<path d="M7 4v7a5 5 0 0 0 10 0V4M5 20h14" />} />
      <Separator />
      <ToolButton label="Madde işaretli liste" active={state.bulletList} disabled={!editor} onClick={run((e) => e.chain().focus().toggleBulletList().run())} icon={<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />} />
      <ToolButton label="Numaralı liste" active={state.orderedList} disabled={!editor} onClick={run((e) => e.chain().focus().toggleOrderedList().run())} icon={<path d="M10 6h10M10 12h10M10 18h10M4 5l1-1v5M4 14.5a1.5 1.5 0 1 1 2.5 1L4 19h3" />} />
      <Separator />
      <ToolButton label="Sola hizala" active={state.align === "left"} disabled={!editor} onClick={align("left")} icon={<path d="M4 6h16M4 10h10M4 14h16M4 18h10" />} />
      <ToolButton label="Ortala" active={state.align === "center"} disabled={!editor} onClick={align("center")} icon={<path d="M4 6h16M7 10h10M4 14h16M7 18h10" />} />
      <ToolButton label="Sağa hizala" active={state.align === "right"} disabled={!editor} onClick={align("right")} icon={<path d="M4 6h16M10 10h10M4 14h16M10 18h10" />} />
      <Separator />
      <ToolButton label="Başlık 1" active={state.heading1} disabled={!editor} onClick={run((e) => e.chain().focus().toggleHeading({ level: 1 }).run())} text="H1" />
      <ToolButton label="Başlık 2" active={state.heading2} disabled={!editor} onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())} text="H2" />
      <Separator />
      <ToolButton label="Bağlantı ekle" active={state.link} disabled={!editor} onClick={() => onDialog("link")} icon={<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />} />
      <ToolButton label="Görsel ekle" disabled={!editor} onClick={() => onDialog("image")} icon={<path d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9h.01" />} />
      <ToolButton label="Kod bloğu" active={state.codeBlock} disabled={!editor} onClick={run((e) => e.chain().focus().toggleCodeBlock().run())} icon={<path d="m8 8-4 4 4 4M16 8l4 4-4 4M13 6l-2 12" />} />
      <ToolButton label="Alıntı" active={state.blockquote} disabled={!editor} onClick={run((e) => e.chain().focus().toggleBlockquote().run())} icon={<path d="M6 17h4v-4H7c0-3 1-4 3-5M14 17h4v-4h-3c0-3 1-4 3-5" />} />
      <Separator />
      <ToolButton label="Geri al" disabled={!state.canUndo} onClick={run((e) => e.chain().focus().undo().run())} icon={<path d="M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />} />
      <ToolButton label="Yinele" disabled={!state.canRedo} onClick={run((e) => e.chain().focus().redo().run())} icon={<path d="m15 14 5-5-5-5M20 9H9a5 5 0 0 0 0 10h3" />} />
      <ToolButton label="Biçimlendirmeyi temizle" disabled={!editor} onClick={run((e) => e.chain().focus().unsetAllMarks().clearNodes().run())} icon={<path d="M6 5h12M12 5 9 19M4 20 20 4" />} />
    </div>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-300" />;
}

function ToolButton({ label, active, disabled, onClick, icon, text }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; icon?: ReactNode; text?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // The editor keeps the focus (and its selection): typing right after a click goes
      // into the text, not to the button.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm font-semibold disabled:opacity-40 ${active ? "bg-brand-100 text-brand-800" : "text-slate-700 hover:bg-slate-200"}`}
    >
      {text ?? (
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          {icon}
        </svg>
      )}
    </button>
  );
}

/** An address typed without a scheme ("ornek.com/x") is taken as https. */
function withScheme(value: string): string {
  const trimmed = value.trim();
  if (/^(https?:|mailto:)/i.test(trimmed) || trimmed.startsWith("/")) return trimmed;
  return `https://${trimmed}`;
}

function Dialog({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

function DialogField({ label, value, onChange, onEnter, placeholder, autoFocus, error }: { label: string; value: string; onChange: (value: string) => void; onEnter: () => void; placeholder?: string; autoFocus?: boolean; error?: string | null }) {
  const inputId = useId();
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        value={value}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        // Enter adds; it must not submit the form the editor sits in.
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === "Enter") {
            event.preventDefault();
            onEnter();
          }
        }}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </div>
  );
}

function DialogButtons({ canAdd, onAdd, onClose }: { canAdd: boolean; onAdd: () => void; onClose: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <button type="button" onClick={onClose} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold">
        İptal
      </button>
      <button type="button" disabled={!canAdd} onClick={onAdd} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50">
        Ekle
      </button>
    </div>
  );
}

const INVALID_URL = "Geçerli bir URL giriniz";

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [url, setUrl] = useState(() => (editor.getAttributes("link").href as string | undefined) ?? "");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    if (!url.trim()) return;
    const href = withScheme(url);
    if (!isWebUrl(href) && !/^mailto:[^\s]+$/i.test(href)) return setError(INVALID_URL);
    const chain = editor.chain().focus();
    const label = text.trim();
    if (label) {
      // The text given replaces the selection and carries the link.
      chain.insertContent({ type: "text", text: label, marks: [{ type: "link", attrs: { href } }] }).run();
    } else if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange("link").setLink({ href }).run();
    }
    onClose();
  };
  return (
    <Dialog title="Bağlantı Ekle" onClose={onClose}>
      <DialogField label="URL" value={url} onChange={(value) => (setUrl(value), setError(null))} onEnter={add} placeholder="https://" autoFocus error={error} />
      <DialogField label="Metin (isteğe bağlı)" value={text} onChange={setText} onEnter={add} />
      <DialogButtons canAdd={url.trim().length > 0} onAdd={add} onClose={onClose} />
    </Dialog>
  );
}

function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    if (!url.trim()) return;
    const src = withScheme(url);
    if (!isImageAddress(src)) return setError(INVALID_URL);
    editor.chain().focus().setImage({ src, alt: alt.trim() || undefined }).run();
    onClose();
  };
  return (
    <Dialog title="Görsel Ekle" onClose={onClose}>
      <DialogField label="Görsel URL" value={url} onChange={(value) => (setUrl(value), setError(null))} onEnter={add} placeholder="https://" autoFocus error={error} />
      <DialogField label="Alternatif metin" value={alt} onChange={setAlt} onEnter={add} />
      <DialogButtons canAdd={url.trim().length > 0} onAdd={add} onClose={onClose} />
    </Dialog>
  );
}
