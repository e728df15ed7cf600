import { StringDecoder } from "node:string_decoder";
import { Transform, type TransformCallback } from "node:stream";

// Issue 10 §3: first paint ahead of WordPress. React Router's <Scripts /> puts a
// modulepreload link for every client module in the head and an inline module script whose
// imports start at once: on a slow phone connection ~120 KB of JavaScript then shares the
// line with the stylesheet and the largest image, and the page paints late although none
// of that script is needed to show it. This transform, applied to every rendered document,
// drops the modulepreload links and starts the same module script once the page has loaded
// (the `load` event: stylesheet and eager images are in). Hydration then follows as before;
// the page reads and links work from the first paint because they are server-rendered HTML.
// React hydrates the document as it is: the <script> element is still there (React does not
// compare a script's type or text while hydrating) and the preload links are hoisted
// resources it re-creates if missing.

const PRELOAD_START = '<link rel="modulepreload"';
const MODULE_START = '<script type="module" async="">';
const SCRIPT_END = "</script>";
/** The longest marker, so a tag split across two chunks is held back, not missed. */
const HOLD_BACK = Math.max(PRELOAD_START.length, MODULE_START.length, SCRIPT_END.length);

/** The classic script that inserts the module script after `load`. */
export function deferredModuleScript(moduleSource: string): string {
  // JSON keeps the source a string literal; `<` escaped so no `</script>` or `<!--` can end
  // or confuse the element it sits in.
  const literal = JSON.stringify(moduleSource).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return (
    "<script data-hydration=\"deferred\">(function(t){function go(){var s=document.createElement(\"script\");s.type=\"module\";s.textContent=t;document.body.appendChild(s)}" +
    `document.readyState==="complete"?go():addEventListener("load",go,{once:true})})(${literal})</script>`
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export class DeferHydration extends Transform {
  private readonly decoder = new StringDecoder("utf8");
  private pending = "";
  private moduleSource: string | null = null;

  // A Transform decodes strings written to it into Buffers (decodeStrings), so chunks are bytes.
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending += this.decoder.write(chunk);
    this.drain(false);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.pending += this.decoder.end();
    this.drain(true);
    // An unterminated module script (a broken stream) goes out as it came.
    if (this.moduleSource !== null) this.push(MODULE_START + this.moduleSource);
    if (this.pending) this.push(this.pending);
    this.pending = "";
    callback();
  }

  private drain(final: boolean): void {
    for (;;) {
      if (this.moduleSource !== null) {
        const end = this.pending.indexOf(SCRIPT_END);
        if (end === -1) {
          const keep = final ? 0 : Math.min(this.pending.length, HOLD_BACK);
          this.moduleSource += this.pending.slice(0, this.pending.length - keep);
          this.pending = this.pending.slice(this.pending.length - keep);
          return;
        }
        this.push(deferredModuleScript(this.moduleSource + this.pending.slice(0, end)));
        this.pending = this.pending.slice(end + SCRIPT_END.length);
        this.moduleSource = null;
        continue;
      }
      const preload = this.pending.indexOf(PRELOAD_START);
      const module = this.pending.indexOf(MODULE_START);
      const next = [preload, module].filter((i) => i !== -1).sort((a, b) => a - b)[0];
      if (next === undefined) {
        let keep = final ? 0 : Math.min(this.pending.length, HOLD_BACK);
        // Each push goes out as UTF-8 on its own: an emoji's two UTF-16 halves must not be parted.
        if (isHighSurrogate(this.pending.charCodeAt(this.pending.length - keep - 1))) keep += 1;
        if (this.pending.length > keep) this.push(this.pending.slice(0, this.pending.length - keep));
        this.pending = this.pending.slice(this.pending.length - keep);
        return;
      }
      if (next > 0) this.push(this.pending.slice(0, next));
      this.pending = this.pending.slice(next);
      if (next === preload) {
        const close = this.pending.indexOf(">");
        if (close === -1) return; // the rest of the tag comes with the next chunk
        this.pending = this.pending.slice(close + 1);
      } else {
        this.pending = this.pending.slice(MODULE_START.length);
        this.moduleSource = "";
      }
    }
  }
}
