import { getEventListeners } from "node:events";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { allowOnlyOutbound } from "../../../tests/helpers/fake-indexnow";
import { BAD_KEY, MODEL_NOT_FOUND, postHtml, promptOf, RATE_LIMITED, startFakeOpenAi, type FakeAnswer, type FakeOpenAi } from "../../../tests/helpers/fake-openai";
import { aiOptionsFromEnv, configureAi, expandContent, generateBlogPost, generateIdeas, generateSeo, isAiConfigured, suggestPageSeo } from "./ai.server";

// admin.md §7 "Language model provider" and §8 "Model errors", against a scripted fake.
describe("the language model calls", () => {
  let fake: FakeOpenAi;
  let refused: string[];
  let answer: FakeAnswer;
  beforeAll(async () => {
    fake = await startFakeOpenAi(() => answer);
  });
  afterAll(async () => {
    configureAi(undefined);
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    answer = { json: {} };
    configureAi({ apiKey: "sk-test-anahtar", baseURL: fake.baseURL, model: "gpt-test-model", timeoutMs: 2_000 });
    refused = allowOnlyOutbound(new URL(fake.baseURL).origin);
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    expect(refused, "unexpected outbound request").toEqual([]);
  });

  const goodPost = (words = 320) => ({
    title: "Çevrim Şartı Rehberi",
    excerpt: "Çevrim şartlarını doğru okumanın yolları.",
    content: postHtml(words, "çevrim"),
    suggested_keywords: "çevrim şartı, bonus, casino",
  });

  describe("blog generation", () => {
    it("asks with the configured model and key, 10000 tokens and temperature 0.7, and returns the post", async () => {
      answer = { json: goodPost() };
      const result = await generateBlogPost("çevrim şartları");
      expect(result).toEqual({
        ok: true,
        value: { title: "Çevrim Şartı Rehberi", excerpt: "Çevrim şartlarını doğru okumanın yolları.", content: goodPost().content, keywords: "çevrim şartı, bonus, casino", wordCount: 320 },
      });
      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request!.path).toBe("/v1/chat/completions");
      expect(request!.authorization).toBe("Bearer sk-test-anahtar");
      expect(request!.body).toMatchObject({ model: "gpt-test-model", max_tokens: 10000, temperature: 0.7 });
      expect(request!.body.stream).toBeFalsy();
      expect(promptOf(request!)).toContain("çevrim şartları");
      expect(promptOf(request!)).toContain("300 kelime");
    });

    it("warns when the post is under 250 words, and not at 250", async () => {
      answer = { json: goodPost(249) };
      const short = await generateBlogPost("bonus");
      expect(short.ok && short.value.wordCount).toBe(249);
      expect(short.ok && short.value.warning).toBe("Oluşturulan içerik kısa (249 kelime). En az 300 kelime önerilir.");
      answer = { json: goodPost(250) };
      const enough = await generateBlogPost("bonus");
      expect(enough.ok && enough.value.wordCount).toBe(250);
      expect(enough.ok && "warning" in enough.value).toBe(false);
    });

    it("reads JSON inside a ```json code fence", async () => {
      answer = { text: "Elbette! İşte yazınız:\n```json\n" + JSON.stringify(goodPost()) + "\n```" };
      const result = await generateBlogPost("bonus");
      expect(result.ok && result.value.title).toBe("Çevrim Şartı Rehberi");
    });

    it("refuses broken JSON with admin.md §8's message", async () => {
      answer = { text: '{"title": "Yarım kalan", "content": "<p>Metin' };
      expect(await generateBlogPost("bonus")).toEqual({ ok: false, reason: "unparseable", message: "İçerik oluşturulamadı. API yanıtı geçerli bir JSON formatında değil." });
    });

    it("keeps a prose answer as the content with the fallback title, excerpt and keywords 'casino, bahis, oyun'", async () => {
      answer = { text: "Hoş geldin bonusu yeni üyelere verilen bir ödüldür.\n\nÇevrim şartlarını okumadan kabul etmeyin." };
      const result = await generateBlogPost("hoş geldin bonusu");
      expect(result).toMatchObject({
        ok: true,
        value: {
          title: "Hoş geldin bonusu",
          excerpt: "Hoş geldin bonusu yeni üyelere verilen bir ödüldür. Çevrim şartlarını okumadan kabul etmeyin.",
          content: "<p>Hoş geldin bonusu yeni üyelere verilen bir ödüldür.</p><p>Çevrim şartlarını okumadan kabul etmeyin.</p>",
          keywords: "casino, bahis, oyun",
        },
      });
    });

    it("fills a missing excerpt from the content and missing keywords with 'casino, bahis, oyun'", async () => {
      answer = { json: { title: "Başlık", content: "<p>Kısa bir içerik metni burada.</p>" } };
      const result = await generateBlogPost("bonus");
      expect(result).toMatchObject({ ok: true, value: { title: "Başlık", excerpt: "Kısa bir içerik metni burada.", keywords: "casino, bahis, oyun" } });
    });

    it("makes the model's HTML safe and fit for the editor (h3 becomes h2, scripts go)", async () => {
      answer = { json: { ...goodPost(), content: '<h3>Alt başlık</h3><p onclick="x()">Metin</p><script>alert(1)</script>' } };
      const result = await generateBlogPost("bonus");
      expect(result.ok && result.value.content).toBe("<h2>Alt başlık</h2><p>Metin</p>");
    });

    it("says 'AI yanıt vermedi' for an empty answer and for one without a choice", async () => {
      answer = { empty: true };
      expect(await generateBlogPost("bonus")).toEqual({ ok: false, reason: "empty", message: "AI yanıt vermedi" });
      answer = { noChoices: true };
      expect(await generateBlogPost("bonus")).toEqual({ ok: false, reason: "empty", message: "AI yanıt vermedi" });
    });

    it("says 'AI yanıt vermedi' for a completion whose choice has no message, or that has no choices at all", async () => {
      answer = { rawBody: JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion", model: "gpt-test-model", choices: [{ index: 0, finish_reason: "stop" }] }) };
      expect(await generateBlogPost("bonus")).toEqual({ ok: false, reason: "empty", message: "AI yanıt vermedi" });
      answer = { rawBody: JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion", model: "gpt-test-model" }) };
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toEqual({ ok: false, reason: "empty", message: "AI yanıt vermedi" });
      expect(fake.requests).toHaveLength(2);
    });
  });

  describe("model errors (admin.md §8), each after exactly one request", () => {
    it.each([
      ["429", RATE_LIMITED, "API istek limiti aşıldı. Lütfen daha sonra tekrar deneyin."],
      ["401", BAD_KEY, "API anahtarı geçersiz veya süresi dolmuş."],
      ["an unknown model", MODEL_NOT_FOUND, "Seçilen AI modeli kullanılamıyor."],
      ["a model message on a 400", { status: 400, error: { message: "The model 'x' is not supported for chat." } } as FakeAnswer, "Seçilen AI modeli kullanılamıyor."],
      ["a 500", { status: 500, error: { message: "upstream exploded" } } as FakeAnswer, "İçerik oluşturulurken bir hata oluştu"],
    ])("maps %s", async (_, reply, message) => {
      answer = reply;
      const result = await generateBlogPost("bonus");
      expect(result).toEqual({ ok: false, reason: "upstream", message });
      expect(fake.requests).toHaveLength(1);
    });

    it("maps a connection failure", async () => {
      const closed = await startFakeOpenAi();
      await closed.close();
      vi.unstubAllGlobals();
      refused = allowOnlyOutbound(new URL(closed.baseURL).origin);
      configureAi({ apiKey: "sk-test", baseURL: closed.baseURL, model: "m", timeoutMs: 2_000 });
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toEqual({ ok: false, reason: "upstream", message: "AI servisine bağlanılamadı. İnternet bağlantınızı kontrol edin." });
    });

    it("maps a connection closed without an answer", async () => {
      answer = { hangUp: true };
      expect(await expandContent("Başlık", "<p>İçerik</p>")).toEqual({ ok: false, reason: "upstream", message: "AI servisine bağlanılamadı. İnternet bağlantınızı kontrol edin." });
      expect(fake.requests).toHaveLength(1);
    });

    it("gives up at its timeout when the model is slow, without retrying", async () => {
      configureAi({ apiKey: "sk-test", baseURL: fake.baseURL, model: "m", timeoutMs: 300 });
      answer = { delayMs: 5_000, then: { json: goodPost() } };
      const started = Date.now();
      const result = await generateBlogPost("bonus");
      expect(result).toEqual({ ok: false, reason: "upstream", message: "AI zamanında yanıt vermedi. Lütfen daha sonra tekrar deneyin." });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(fake.requests).toHaveLength(1);
    });

    it("stops when its caller aborts", async () => {
      answer = { delayMs: 5_000, then: { json: goodPost() } };
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      expect(await generateBlogPost("bonus", { signal: controller.signal })).toMatchObject({ ok: false, reason: "aborted" });
    });

    it("leaves no listener on its caller's signal, however many calls share it (a bulk run of 10 posts makes 21)", async () => {
      answer = { json: { title: "SEO başlığı", description: "SEO açıklaması", keywords: "bonus" } };
      const controller = new AbortController();
      const warnings: Error[] = [];
      const onWarning = (warning: Error) => void warnings.push(warning);
      process.on("warning", onWarning);
      try {
        for (let i = 0; i < 12; i++) expect(await generateSeo("Başlık", "<p>İçerik</p>", { signal: controller.signal })).toMatchObject({ ok: true });
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off("warning", onWarning);
      }
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
      expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
    });

    it("does not ask at all when its caller has already stopped", async () => {
      answer = { json: goodPost() };
      const controller = new AbortController();
      controller.abort();
      expect(await generateBlogPost("bonus", { signal: controller.signal })).toMatchObject({ ok: false, reason: "aborted" });
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe("without a key", () => {
    it("is not configured, and every call says so in Turkish without a request", async () => {
      configureAi(aiOptionsFromEnv({}));
      expect(isAiConfigured()).toBe(false);
      const notConfigured = { ok: false, reason: "not-configured", message: "AI servisi yapılandırılmamış: sunucuda OPENAI_API_KEY tanımlı değil." };
      expect(await generateBlogPost("bonus")).toEqual(notConfigured);
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toEqual(notConfigured);
      expect(await expandContent("Başlık", "<p>İçerik</p>")).toEqual(notConfigured);
      expect(await generateIdeas("bonus", 3)).toEqual(notConfigured);
      expect(await suggestPageSeo("Bonuslar", "metin")).toEqual(notConfigured);
      expect(fake.requests).toEqual([]);
    });

    it("reads the key, base URL and model from the environment, gpt-4o-mini by default", () => {
      expect(aiOptionsFromEnv({})).toMatchObject({ apiKey: null, model: "gpt-4o-mini" });
      expect(aiOptionsFromEnv({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:1/v1", AI_MODEL: "baska-model" })).toMatchObject({
        apiKey: "k",
        baseURL: "http://127.0.0.1:1/v1",
        model: "baska-model",
      });
    });
  });

  describe("SEO generation", () => {
    it("sends the title and only the first 500 characters of the content's text, with 300 tokens", async () => {
      answer = { json: { title: "SEO Başlığı", description: "Meta açıklama.", keywords: ["bonus", "casino", "bonus"] } };
      const text = `${"a".repeat(499)}Ş${"Q".repeat(100)}`;
      const result = await generateSeo("Yazı Başlığı", `<p>${text}</p>`);
      expect(result).toEqual({ ok: true, value: { title: "SEO Başlığı", description: "Meta açıklama.", keywords: "bonus, casino" } });
      const [request] = fake.requests;
      expect(request!.body).toMatchObject({ max_tokens: 300 });
      expect(promptOf(request!)).toContain("Yazı Başlığı");
      expect(promptOf(request!)).toContain(`${"a".repeat(499)}Ş`);
      expect(promptOf(request!)).not.toContain("ŞQ");
      expect(promptOf(request!)).not.toContain("<p>");
    });

    it("says 'SEO meta verileri oluşturulamadı.' for an unreadable answer", async () => {
      answer = { text: '{"title": "x"' };
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toEqual({ ok: false, reason: "unparseable", message: "SEO meta verileri oluşturulamadı." });
      answer = { json: { title: "Başlık yalnız" } };
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toMatchObject({ ok: false, message: "SEO meta verileri oluşturulamadı." });
    });

    it("refuses empty content without asking the model", async () => {
      expect(await generateSeo("Başlık", "<p> </p>")).toEqual({ ok: false, reason: "invalid", message: "İçerik alanı boş olamaz" });
      expect(fake.requests).toEqual([]);
    });

    it("maps a 429 to its message", async () => {
      answer = RATE_LIMITED;
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toMatchObject({ ok: false, message: "API istek limiti aşıldı. Lütfen daha sonra tekrar deneyin." });
    });
  });

  describe("content expansion", () => {
    it("sends the whole content with 10000 tokens and asks for 200 more words", async () => {
      answer = { text: "```json\n" + JSON.stringify({ content: "<p>Eski metin.</p><p>Yeni eklenen metin.</p>" }) + "\n```" };
      const result = await expandContent("Başlık", "<p>Eski metin.</p>");
      expect(result).toEqual({ ok: true, value: { content: "<p>Eski metin.</p><p>Yeni eklenen metin.</p>", wordCount: 5 } });
      const [request] = fake.requests;
      expect(request!.body.max_tokens).toBe(10000);
      expect(request!.body.temperature).toBeUndefined();
      expect(promptOf(request!)).toContain("<p>Eski metin.</p>");
      expect(promptOf(request!)).toContain("200 kelime");
    });

    it("says 'İçerik genişletilirken bir hata oluştu' for broken JSON and its own message for an empty answer", async () => {
      answer = { text: '{"content": "<p>yarım' };
      expect(await expandContent("Başlık", "<p>Metin</p>")).toEqual({ ok: false, reason: "unparseable", message: "İçerik genişletilirken bir hata oluştu" });
      answer = { empty: true };
      expect(await expandContent("Başlık", "<p>Metin</p>")).toEqual({ ok: false, reason: "empty", message: "AI yanıt vermedi" });
    });
  });

  describe("blog ideas", () => {
    it("asks for the count with 2000 tokens and temperature 0.8, and keeps at most that many", async () => {
      answer = { json: { ideas: [1, 2, 3, 4].map((n) => ({ title: `Fikir ${n}`, brief: `Açıklama ${n}` })) } };
      const result = await generateIdeas("free spin", 3);
      expect(result).toEqual({ ok: true, value: [1, 2, 3].map((n) => ({ title: `Fikir ${n}`, brief: `Açıklama ${n}` })) });
      const [request] = fake.requests;
      expect(request!.body).toMatchObject({ max_tokens: 2000, temperature: 0.8 });
      expect(promptOf(request!)).toContain("free spin");
      expect(promptOf(request!)).toContain(" 3 ");
    });

    it("accepts a bare list and refuses an unreadable answer", async () => {
      answer = { text: JSON.stringify([{ title: "Tek fikir" }]) };
      expect(await generateIdeas("bonus", 2)).toEqual({ ok: true, value: [{ title: "Tek fikir", brief: "" }] });
      answer = { text: "[{" };
      expect(await generateIdeas("bonus", 2)).toMatchObject({ ok: false, reason: "unparseable" });
    });
  });

  describe("page SEO suggestions", () => {
    it("sends the page name and the first 1000 characters with 1000 tokens, and returns 3 suggestions, long ones kept", async () => {
      const long = { title: "B".repeat(61), description: "D".repeat(161), keywords: "uzun" };
      answer = {
        json: {
          suggestions: [
            { title: "Bonuslar 2026", description: "Güncel bonuslar.", keywords: "bonus, casino" },
            long,
            { title: "Üçüncü", description: "Üçüncü açıklama.", keywords: "üç" },
            { title: "Dördüncü", description: "Fazladan.", keywords: "dört" },
          ],
        },
      };
      const pageText = `${"x".repeat(1000)}SONRASI`;
      const result = await suggestPageSeo("Bonuslar", pageText);
      expect(result.ok && result.value).toEqual([{ title: "Bonuslar 2026", description: "Güncel bonuslar.", keywords: "bonus, casino" }, long, { title: "Üçüncü", description: "Üçüncü açıklama.", keywords: "üç" }]);
      const [request] = fake.requests;
      expect(request!.body.max_tokens).toBe(1000);
      expect(promptOf(request!)).toContain("Bonuslar");
      expect(promptOf(request!)).toContain("x".repeat(1000));
      expect(promptOf(request!)).not.toContain("SONRASI");
      expect(promptOf(request!)).toMatch(/60 karakter/);
      expect(promptOf(request!)).toMatch(/160 karakter/);
    });

    it("refuses an answer without suggestions with 'SEO önerileri oluşturulamadı'", async () => {
      answer = { json: { suggestions: [] } };
      expect(await suggestPageSeo("Blog", "metin")).toEqual({ ok: false, reason: "unparseable", message: "SEO önerileri oluşturulamadı" });
    });
  });
  describe("what each request says to the model", () => {
    it("sends a Turkish editor's system message asking for JSON only, and asks for a JSON object", async () => {
      answer = { json: { title: "SEO", description: "Açıklama.", keywords: "k" } };
      await generateSeo("Başlık", "<p>İçerik</p>");
      const [request] = fake.requests;
      expect(request!.body.messages?.map((m) => m.role)).toEqual(["system", "user"]);
      expect(request!.body.messages?.[0]?.content).toMatch(/Türkçe/);
      expect(request!.body.messages?.[0]?.content).toMatch(/JSON/);
      expect(request!.body.response_format).toEqual({ type: "json_object" });
    });

    it("names the bulk idea and its brief in a post's prompt, and nothing of an idea without one", async () => {
      answer = { json: goodPost() };
      await generateBlogPost("bonus", { idea: { title: "Free Spin", brief: "Bedava dönüşlerin şartları" } });
      await generateBlogPost("bonus", { idea: { title: "Kayıp Bonusu", brief: "" } });
      await generateBlogPost("bonus");
      const [withBrief, withoutBrief, plain] = fake.requests.map(promptOf);
      expect(withBrief!.split("\n")[1]).toBe('Yazının odağı: "Free Spin" (Bedava dönüşlerin şartları). Başlığı bu odağa göre seç.');
      expect(withoutBrief!.split("\n")[1]).toBe('Yazının odağı: "Kayıp Bonusu". Başlığı bu odağa göre seç.');
      expect(plain!.split("\n").slice(0, 2)).toEqual(['"bonus" konusu hakkında Türkçe, özgün ve SEO uyumlu bir blog yazısı yaz.', "Kurallar:"]);
    });

    it("sends the title, or says there is none, for SEO and expansion", async () => {
      answer = { json: { title: "SEO", description: "Açıklama.", keywords: "k", content: "<p>Genişletilmiş metin.</p>" } };
      await generateSeo("", "<p>İçerik</p>");
      await expandContent("", "<p>İçerik</p>");
      await expandContent("Yazının Başlığı", "<p>İçerik</p>");
      expect(fake.requests.map((r) => promptOf(r).split("\n").find((line) => line.startsWith("Başlık:")))).toEqual(["Başlık: (başlık yok)", "Başlık: (başlık yok)", "Başlık: Yazının Başlığı"]);
    });

    it("tells the model when a page has no text", async () => {
      answer = { json: { suggestions: [{ title: "t", description: "d", keywords: "k" }] } };
      await suggestPageSeo("Blog", "");
      expect(promptOf(fake.requests[0]!)).toContain("Sayfanın metni (ilk 1000 karakter): (metin yok)");
    });
  });

  describe("reading answers", () => {
    it("takes an answer of only spaces and line breaks as no answer", async () => {
      answer = { text: "  \n\t \n " };
      expect(await generateBlogPost("bonus")).toEqual({ ok: false, reason: "empty", message: "AI yanıt vermedi" });
    });

    it("reads the JSON of a chatty answer without a fence", async () => {
      answer = { text: 'Tabii, işte öneriler: {"title": "SEO Başlığı", "description": "Meta açıklama.", "keywords": "bonus"} Umarım işinize yarar!' };
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toEqual({ ok: true, value: { title: "SEO Başlığı", description: "Meta açıklama.", keywords: "bonus" } });
      answer = { text: '{"title": "SEO Başlığı", "description": "Meta açıklama.", "keywords": "bonus"}\nİyi çalışmalar.' };
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toEqual({ ok: true, value: { title: "SEO Başlığı", description: "Meta açıklama.", keywords: "bonus" } });
    });

    it.each([
      ["an unlabelled fence", "```\n{JSON}\n```"],
      ["a fence on one line", "```json {JSON}```"],
      ["a fence closed on the JSON's last line", "```json\n{JSON}```"],
      ["a fence labelled in capitals", "```JSON\n{JSON}\n```"],
      ["a fence with no space after its label", "```json{JSON}```"],
    ])("reads the JSON in %s even when the prose around it has braces", async (_, fence) => {
      const json = '"title": "SEO Başlığı", "description": "Meta açıklama burada.", "keywords": "bonus, casino"';
      answer = { text: `Şablon {başlık} şöyle:\n${fence.replace("{JSON}", `{${json}}`)}\nSon not: {yok}` };
      expect(await generateSeo("Başlık", "<p>İçerik</p>")).toEqual({ ok: true, value: { title: "SEO Başlığı", description: "Meta açıklama burada.", keywords: "bonus, casino" } });
    });

    it("keeps prose with a bracket or a brace in it as prose, and escapes its '&' and '<'", async () => {
      answer = { text: "Bonus[1] şartları: kazanç & kayıp oranı 1 < 2 ise {dikkat} edin. \n\n İkinci paragraf burada." };
      const result = await generateBlogPost("bonus");
      expect(result.ok && result.value.content).toBe("<p>Bonus[1] şartları: kazanç &amp; kayıp oranı 1 &lt; 2 ise {dikkat} edin.</p><p>İkinci paragraf burada.</p>");
    });

    it("escapes a '>' in prose, and takes a line of only spaces as a paragraph break", async () => {
      answer = { text: "Kazanç > kayıp ise devam edin.\n   \nİkinci paragraf burada." };
      const result = await generateBlogPost("bonus");
      expect(result.ok && result.value.content).toBe("<p>Kazanç &gt; kayıp ise devam edin.</p><p>İkinci paragraf burada.</p>");
    });

    it("keeps HTML the model left unclosed as HTML", async () => {
      answer = { text: "<p>Hoş geldin bonusu yeni üyelere verilir" };
      const result = await generateBlogPost("bonus");
      expect(result.ok && result.value.content).toBe("<p>Hoş geldin bonusu yeni üyelere verilir</p>");
    });

    it("lifts a heading with attributes to h2", async () => {
      answer = { json: { ...goodPost(), content: '<h4 class="alt">Alt başlık</h4><p>Metin</p>' } };
      const result = await generateBlogPost("bonus");
      expect(result.ok && result.value.content).toBe("<h2>Alt başlık</h2><p>Metin</p>");
    });

    it("titles a post whose answer has no title after its topic, capitalised the Turkish way", async () => {
      answer = { json: { content: "<p>İçerik metni burada, yeterince uzun bir paragraf.</p>" } };
      expect(await generateBlogPost("  iddaa oranları ")).toMatchObject({ ok: true, value: { title: "İddaa oranları" } });
      answer = { text: "Düz metin yanıt." };
      expect(await generateBlogPost(" ığdır bonusu")).toMatchObject({ ok: true, value: { title: "Iğdır bonusu" } });
    });

    it("refuses a post whose content has no visible text once made safe", async () => {
      answer = { json: { title: "Başlık", content: "<script>alert(1)</script>" } };
      expect(await generateBlogPost("bonus")).toEqual({ ok: false, reason: "unparseable", message: "İçerik oluşturulamadı. API yanıtı geçerli bir JSON formatında değil." });
    });

    it("refuses expansion of empty content without asking the model", async () => {
      expect(await expandContent("Başlık", "<p> </p>")).toEqual({ ok: false, reason: "invalid", message: "İçerik alanı boş olamaz" });
      expect(fake.requests).toEqual([]);
    });

    it("refuses an empty idea list", async () => {
      answer = { json: { ideas: [] } };
      expect(await generateIdeas("bonus", 3)).toEqual({ ok: false, reason: "unparseable", message: "Blog fikirleri oluşturulamadı. API yanıtı geçerli bir JSON formatında değil." });
    });
  });

  describe("model errors the message does not name", () => {
    it.each([
      ["a 404 that is not about a model (a wrong address)", { status: 404, error: { message: "Not found" } }, "İçerik oluşturulurken bir hata oluştu"],
      ["a 404 about the model, without a code", { status: 404, error: { message: "The model `gpt-yok` does not exist" } }, "Seçilen AI modeli kullanılamıyor."],
      ["a 403 with the code model_not_found", { status: 403, error: { message: "You do not have access to it.", code: "model_not_found" } }, "Seçilen AI modeli kullanılamıyor."],
      ["a 400 about something else", { status: 400, error: { message: "Invalid value for 'messages'." } }, "İçerik oluşturulurken bir hata oluştu"],
      ["a 400 naming 'models' in passing", { status: 400, error: { message: "Too many tokens for these models' context." } }, "İçerik oluşturulurken bir hata oluştu"],
      ["a 500 that mentions the model", { status: 500, error: { message: "The model server had an error" } }, "İçerik oluşturulurken bir hata oluştu"],
    ] as [string, FakeAnswer, string][])("maps %s", async (_, reply, message) => {
      answer = reply;
      expect(await generateBlogPost("bonus")).toEqual({ ok: false, reason: "upstream", message });
    });
  });

  describe("the server log", () => {
    let warned: string[];
    beforeEach(() => {
      warned = [];
      vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warned.push(args.map(String).join(" ")));
    });

    it("logs a failed request's status, code and message on one short line, never the key", async () => {
      answer = { status: 429, error: { message: `Rate limit   reached\nfor requests ${"x".repeat(400)}`, code: "rate_limit_exceeded" } };
      await generateBlogPost("bonus");
      expect(warned).toHaveLength(1);
      expect(warned[0]!.startsWith("AI request failed: HTTP 429 (rate_limit_exceeded): 429 Rate limit reached for requests xxx")).toBe(true);
      expect(warned[0]).not.toMatch(/\n| {2}|sk-test-anahtar/);
      expect(warned[0]!.length).toBeLessThanOrEqual("AI request failed: ".length + 300);
    });

    it("logs a failed request without a code as its status and message only", async () => {
      answer = { status: 500, error: { message: "upstream exploded", code: null } };
      await generateBlogPost("bonus");
      expect(warned).toEqual(["AI request failed: HTTP 500: 500 upstream exploded"]);
    });

    it("logs an answer that is not JSON at all by its kind and reason, on one line with single spaces, and says the post could not be made", async () => {
      answer = { rawBody: "Bu   bir\n\nJSON değil" };
      expect(await generateBlogPost("bonus")).toEqual({ ok: false, reason: "upstream", message: "İçerik oluşturulurken bir hata oluştu" });
      expect(warned).toHaveLength(1);
      expect(warned[0]).toMatch(/^AI request failed: SyntaxError: .*"Bu bir JSON değil"/);
      expect(warned[0]).not.toMatch(/\n| {2}/);
    });

    it("logs a connection failure by its kind", async () => {
      answer = { hangUp: true };
      await generateBlogPost("bonus");
      expect(warned).toEqual([expect.stringMatching(/^AI request failed: Error: Connection error\.$/)]);
    });

    it.each([
      ["an empty answer", () => generateSeo("Başlık", "<p>İçerik</p>"), { empty: true } as FakeAnswer, /no text/],
      ["a blog answer", () => generateBlogPost("bonus"), { text: '{"title": "yarım' } as FakeAnswer, /blog answer was not valid JSON/],
      ["an SEO answer", () => generateSeo("Başlık", "<p>İçerik</p>"), { text: '{"title": "yarım' } as FakeAnswer, /SEO answer was not valid JSON/],
      ["an expansion", () => expandContent("Başlık", "<p>İçerik</p>"), { text: '{"content": "yarım' } as FakeAnswer, /expansion answer was not valid JSON/],
      ["an idea list", () => generateIdeas("bonus", 3), { text: "[{" } as FakeAnswer, /idea answer was not valid JSON/],
      ["page suggestions", () => suggestPageSeo("Blog", "metin"), { text: "{}" } as FakeAnswer, /page SEO answer was not valid JSON/],
    ])("says in the log which answer could not be read: %s", async (_, call, reply, line) => {
      answer = reply;
      await call();
      expect(warned).toEqual([expect.stringMatching(line)]);
    });
  });
});
