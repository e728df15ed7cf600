// Realistic Turkish demo content for a fresh installation (issue 2). The brands are
// fictional. Images live in public/demo/ (scripts/generate-demo-images.ts).

import { NO_BONUS_TERMS, type BonusTerms } from "~/modules/promotions/bonus-terms";

export type DemoCasino = { key: string; name: string; color: string; featured: boolean; rating: number; blurb: string };

export const DEMO_CASINOS: DemoCasino[] = [
  { key: "anadolu", name: "Anadolu Casino", color: "#b91c1c", featured: true, rating: 4.8, blurb: "2015'ten beri hizmet veren, hızlı çekim işlemleriyle bilinen köklü bir casino sitesi." },
  { key: "bogazici", name: "Boğaziçi Bet", color: "#1d4ed8", featured: true, rating: 4.6, blurb: "Canlı casino masaları ve yüksek oranlı spor bahisleriyle öne çıkan bir platform." },
  { key: "cinar", name: "Çınar Slot", color: "#15803d", featured: false, rating: 4.3, blurb: "Binlerce slot oyunu ve her hafta yenilenen turnuvalarıyla slot severlerin adresi." },
  { key: "cem", name: "Cem Casino", color: "#7c3aed", featured: false, rating: 4.1, blurb: "Mobil uyumlu arayüzü ve kripto para ile yatırım seçenekleri sunan modern bir site." },
  { key: "defne", name: "Defne Casino", color: "#0f766e", featured: false, rating: 4.2, blurb: "Kullanıcı dostu tasarımı ve 7/24 Türkçe canlı desteğiyle yeni başlayanlara uygun." },
  { key: "ege", name: "Ege Bet", color: "#0369a1", featured: true, rating: 4.7, blurb: "Kayıp bonusları ve sadakat programıyla düzenli oyunculara değer veren bir site." },
  { key: "galata", name: "Galata Casino", color: "#a16207", featured: false, rating: 4.0, blurb: "Klasik masa oyunları ve düşük çevrim şartlı bonuslarıyla tanınan bir casino." },
  { key: "isilti", name: "Işıltı Bet", color: "#be185d", featured: false, rating: 3.9, blurb: "Bedava dönüş kampanyaları ve sürpriz hediyeleriyle dikkat çeken genç bir marka." },
  { key: "izmir", name: "İzmir Casino", color: "#4338ca", featured: false, rating: 4.4, blurb: "Ege'nin ruhunu taşıyan, hızlı para yatırma seçenekleri sunan güvenilir bir site." },
  { key: "sahin", name: "Şahin Bet", color: "#c2410c", featured: false, rating: 4.5, blurb: "Yüksek limitli oyuncular için VIP programı ve özel hesap yöneticisi sunan site." },
];

export const DEMO_CATEGORIES = [
  { name: "Hoş Geldin Bonusu", description: "Yeni üyelere ilk yatırımda verilen bonuslar" },
  { name: "Deneme Bonusu", description: "Yatırım yapmadan denemek için verilen bonuslar" },
  { name: "Kayıp Bonusu", description: "Kayıpların bir kısmını geri veren kampanyalar" },
  { name: "Bedava Dönüş", description: "Slot oyunlarında ücretsiz dönüş kampanyaları" },
  { name: "Yatırım Bonusu", description: "Yeniden yatırımlarda verilen ek bonuslar" },
] as const;

type PromotionTemplate = {
  title: (casino: string) => string;
  category: (typeof DEMO_CATEGORIES)[number]["name"];
  summary: string;
  details: string;
  terms: string[];
  code?: string;
  /** Issue 11 §1: the structured terms, matching the free-text ones (the verification date is set per promotion). */
  bonus: Omit<BonusTerms, "lastVerifiedAt">;
};

const { lastVerifiedAt: _verifiedPerPromotion, ...NO_TERMS } = NO_BONUS_TERMS;

export const PROMOTION_TEMPLATES: PromotionTemplate[] = [
  {
    title: (c) => `${c} %100 Hoş Geldin Bonusu`,
    category: "Hoş Geldin Bonusu",
    summary: "İlk yatırımınıza %100 oranında, 5.000 TL'ye kadar hoş geldin bonusu.",
    details: "Yeni üyelere özel bu kampanyada ilk yatırımınız iki katına çıkar. Bonus tutarı slot oyunlarında kullanılabilir ve canlı destek üzerinden talep edilir.",
    terms: ["Minimum yatırım tutarı 100 TL'dir.", "Bonus tutarının 30 katı çevrim şartı vardır.", "Bonus yalnızca slot oyunlarında geçerlidir.", "Her üye bu bonustan bir kez yararlanabilir."],
    code: "HOSGELDIN100",
    bonus: { ...NO_TERMS, bonusType: "deposit", bonusPercent: 100, bonusCap: 5000, minDeposit: 100, wageringMultiplier: 30, wageringBasis: "bonus", maxBet: 50, eligibleGames: "Slot oyunları" },
  },
  {
    title: (c) => `${c} 250 TL Deneme Bonusu`,
    category: "Deneme Bonusu",
    summary: "Yatırım yapmadan 250 TL deneme bonusu ile siteyi risksiz keşfedin.",
    details: "Üyeliğinizi doğruladıktan sonra hesabınıza 250 TL deneme bonusu tanımlanır. Bonusla kazandığınız tutarı çevrim şartını tamamladıktan sonra çekebilirsiniz.",
    terms: ["Telefon numarası doğrulaması gereklidir.", "Maksimum çekim tutarı 1.000 TL'dir.", "Çevrim şartı 20 kattır."],
    bonus: { ...NO_TERMS, bonusType: "no_deposit", bonusAmount: 250, wageringMultiplier: 20, wageringBasis: "bonus", maxBet: 25, maxCashout: 1000, eligibleGames: "Slot ve canlı casino oyunları" },
  },
  {
    title: (c) => `${c} Haftalık %20 Kayıp Bonusu`,
    category: "Kayıp Bonusu",
    summary: "Haftalık net kayıplarınızın %20'si her pazartesi hesabınızda.",
    details: "Pazartesi ile pazar arasındaki net kayıplarınız hesaplanır ve %20'si çevrimsiz olarak iade edilir. Kampanya tüm casino ve canlı casino oyunlarında geçerlidir.",
    terms: ["Minimum net kayıp 500 TL olmalıdır.", "Bonus çevrim şartı yoktur.", "Hafta içinde bonus almış olmak kampanyaya engel değildir."],
    code: "KAYIP20",
    bonus: { ...NO_TERMS, bonusType: "cashback", bonusPercent: 20, bonusCap: 10000, wageringMultiplier: 0, wageringBasis: "bonus", eligibleGames: "Tüm casino ve canlı casino oyunları" },
  },
  {
    title: (c) => `${c} 100 Bedava Dönüş`,
    category: "Bedava Dönüş",
    summary: "Seçili slot oyunlarında geçerli 100 bedava dönüş hediyesi.",
    details: "Hafta sonu yapacağınız 250 TL ve üzeri yatırımlarda popüler slot oyunlarında kullanabileceğiniz 100 bedava dönüş kazanırsınız.",
    terms: ["Dönüş değeri 2 TL'dir.", "Bedava dönüş kazançlarına 25 kat çevrim uygulanır.", "Dönüşler 3 gün içinde kullanılmalıdır."],
    code: "SPIN100",
    bonus: { ...NO_TERMS, bonusType: "free_spins", freeSpins: 100, minDeposit: 250, wageringMultiplier: 25, wageringBasis: "bonus", maxCashout: 2000, eligibleGames: "Seçili slot oyunları" },
  },
  {
    title: (c) => `${c} %50 Yatırım Bonusu`,
    category: "Yatırım Bonusu",
    summary: "Her yatırımınızda %50 ek bonus ile daha uzun oyun keyfi.",
    details: "Gün içinde yapacağınız ilk yatırıma %50 oranında, 2.500 TL'ye kadar ek bonus verilir. Kampanya her gün yenilenir.",
    terms: ["Minimum yatırım 200 TL'dir.", "Bonusun 15 katı çevrim şartı vardır.", "Günde bir kez talep edilebilir."],
    bonus: { ...NO_TERMS, bonusType: "deposit", bonusPercent: 50, bonusCap: 2500, minDeposit: 200, wageringMultiplier: 15, wageringBasis: "deposit_bonus", maxBet: 100, eligibleGames: "Slot ve masa oyunları" },
  },
];

export const DEMO_HERO = {
  upperTitle: "2026'nın en güncel kampanyaları",
  mainTitle: "Güvenilir sitelerden kazandıran casino bonusları",
  highlightedText: "kazandıran casino bonusları",
  description: "Lisanslı casino sitelerinin hoş geldin, deneme ve kayıp bonuslarını tek yerde karşılaştırın; şartları okuyun, size en uygun kampanyayı seçin.",
  buttonText: "Bonusları Keşfet",
  buttonUrl: "#promotions-section",
};

export const DEMO_BLOG_SECTION_TEXT =
  "<h2>Casino bonusları hakkında bilmeniz gerekenler</h2><p>Bir bonusu almadan önce <strong>çevrim şartını</strong>, geçerlilik süresini ve hangi oyunlarda kullanılabildiğini mutlaka okuyun. Rehberimizdeki her kampanya, şartlarıyla birlikte güncel olarak listelenir.</p><ul><li>Çevrim şartı düşük olan bonusları tercih edin.</li><li>Son kullanma tarihini kaçırmayın.</li><li>Bütçenizi aşmayın; sorumlu oynayın.</li></ul>";

export const DEMO_SEO = [
  { pageName: "Ana Sayfa", pagePath: "/", title: "Casino Bonusları ve Promosyonlar 2026 | Bonus Rehberi", description: "Güvenilir casino sitelerinin güncel hoş geldin, deneme ve kayıp bonuslarını karşılaştırın. Şartları okuyun, en iyi kampanyayı seçin.", keywords: "casino bonusları, deneme bonusu, hoş geldin bonusu, casino promosyonları" },
  { pageName: "Bonuslar", pagePath: "/bonuslar", title: "Tüm Casino Bonusları ve Kampanyalar | Bonus Rehberi", description: "Hoş geldin, deneme, kayıp ve bedava dönüş bonuslarının tamamı. Kategoriye göre filtreleyin, bonus arayın.", keywords: "bonuslar, casino kampanyaları, bedava dönüş, kayıp bonusu" },
  { pageName: "Güvenilir Siteler", pagePath: "/guvenilir-siteler", title: "Güvenilir Casino Siteleri Listesi | Bonus Rehberi", description: "Lisanslı ve 7/24 destek veren güvenilir casino sitelerinin listesi ve aktif promosyonları.", keywords: "güvenilir casino siteleri, lisanslı casino, casino listesi" },
  { pageName: "Blog", pagePath: "/blog", title: "Casino Rehberi ve Bonus İpuçları | Bonus Rehberi", description: "Casino bonusları, çevrim şartları ve sorumlu oyun üzerine rehber yazılar ve güncel ipuçları.", keywords: "casino blog, bonus rehberi, çevrim şartı, sorumlu oyun" },
];

export const DEMO_SPLASH_ADS = [
  { title: "Hafta Sonu Bedava Dönüş Şöleni", href: "https://example.com/kampanya/bedava-donus", imageUrl: "/demo/splash-1.svg", isActive: true },
  { title: "Yeni Üyelere Özel Deneme Bonusu", href: "https://example.com/kampanya/deneme-bonusu", imageUrl: "/demo/splash-2.svg", isActive: true },
];

export const DEMO_COMMENTERS = ["Mehmet K.", "Ayşe Y.", "Burak Ş.", "Zeynep Ç.", "Emre T.", "Selin Ö.", "Oğuz İ.", "Gülşen A."];

export const DEMO_COMMENTS: { text: string; rating: number }[] = [
  { text: "Bonusu sorunsuz aldım, çevrim şartı da anlatıldığı gibiydi. Tavsiye ederim.", rating: 5 },
  { text: "Canlı destek çok hızlı yanıt verdi, bonus birkaç dakikada hesabıma geçti.", rating: 5 },
  { text: "Çevrim şartı biraz yüksek ama kampanya yine de güzel.", rating: 4 },
  { text: "Çekim işlemi bir gün sürdü, onun dışında memnun kaldım.", rating: 4 },
  { text: "Bedava dönüşler sadece iki oyunda geçerliydi, keşke daha fazla seçenek olsa.", rating: 3 },
  { text: "Şartları okumadan almayın, maksimum çekim limiti var.", rating: 3 },
];

const PARAGRAPHS = {
  wagering:
    "Çevrim şartı, bonus tutarının çekilebilir hale gelmesi için kaç kez oyunda döndürülmesi gerektiğini belirtir. Örneğin 1.000 TL bonusa 30 kat çevrim uygulanıyorsa toplam 30.000 TL tutarında bahis yapmanız gerekir. Bu hesabı önceden yapmak, bir kampanyanın size gerçekten kazandırıp kazandırmayacağını anlamanın en kolay yoludur. Slot oyunları genellikle çevrime yüzde yüz katkı sağlarken masa oyunları ve canlı casino oyunlarının katkısı çoğu sitede çok daha düşüktür.",
  license:
    "Bir casino sitesinin güvenilir olup olmadığını anlamanın ilk adımı lisans bilgisini kontrol etmektir. Lisans numarası genellikle sayfanın en altında yer alır ve lisansı veren kurumun sitesinden doğrulanabilir. Lisanslı siteler oyunlarının adil olduğunu bağımsız denetimlerle kanıtlamak ve oyuncu paralarını ayrı hesaplarda tutmak zorundadır. Lisans bilgisi bulunmayan ya da doğrulanamayan sitelerden uzak durmak en sağlıklı tercihtir.",
  support:
    "Müşteri desteği, bir sorun yaşadığınızda sitenin size nasıl davranacağını gösteren en iyi göstergedir. Yedi gün yirmi dört saat Türkçe canlı destek sunan siteler, bonus talepleri ve çekim işlemleri gibi konularda çok daha hızlı çözüm üretir. Üye olmadan önce canlı desteğe kısa bir soru sorarak yanıt süresini ve ilgiyi kendiniz ölçebilirsiniz.",
  withdrawal:
    "Para çekme süreleri siteden siteye büyük farklılık gösterir. Bazı siteler çekim taleplerini birkaç dakika içinde onaylarken bazıları bu süreyi iki üç güne kadar uzatabilir. İlk çekiminizden önce kimlik doğrulamasını tamamlamak, sürecin gereksiz yere uzamasını engeller. Ayrıca bonus kullanırken maksimum çekim limiti olup olmadığını mutlaka kontrol edin; deneme bonuslarında bu sınır oldukça yaygındır.",
  responsible:
    "Sorumlu oyun, casino deneyiminin keyifli kalmasının temelidir. Oyuna başlamadan önce kaybetmeyi göze alabileceğiniz bir bütçe belirleyin ve bu bütçeyi asla aşmayın. Kayıplarınızı telafi etmek için yatırım miktarını artırmak çoğu zaman daha büyük kayıplara yol açar. Pek çok site günlük ve haftalık yatırım limiti koyma, hatta hesabı bir süreliğine dondurma imkanı sunar; bu araçları kullanmaktan çekinmeyin.",
  mobile:
    "Günümüzde oyuncuların büyük bölümü casino sitelerine telefonlarından bağlanıyor. İyi tasarlanmış bir mobil site, uygulama indirmeye gerek kalmadan tüm oyunlara ve kampanyalara erişim sağlar. Mobil deneyimi değerlendirirken sayfaların açılış hızına, para yatırma adımlarının sadeliğine ve canlı desteğe ulaşmanın kolaylığına dikkat edin.",
  payments:
    "Para yatırma yöntemleri de bir siteyi seçerken göz önünde bulundurulması gereken önemli bir kriterdir. Banka havalesi, kredi kartı, elektronik cüzdanlar ve kripto paralar en yaygın seçeneklerdir. Her yöntemin işlem süresi, ücreti ve limitleri farklıdır. Bonus kampanyalarının bazı ödeme yöntemlerinde geçerli olmadığını da unutmayın; kampanya şartlarında bu ayrıntı genellikle açıkça belirtilir.",
  terms:
    "Kampanya şartlarını okumak sıkıcı gelebilir ama bir bonusun gerçek değerini belirleyen şey tam olarak bu şartlardır. Geçerlilik süresi, minimum yatırım tutarı, oyun kısıtlamaları ve maksimum bahis limiti en sık karşılaşılan maddelerdir. Özellikle bonus kullanırken tek seferde yapılabilecek en yüksek bahis tutarını aşmak, kazancın iptal edilmesine neden olabilir.",
};

type DemoPost = { title: string; category: string; excerpt: string; intro: string; sections: (keyof typeof PARAGRAPHS)[]; published: boolean; daysAgo: number; views: number };

export const DEMO_POSTS: DemoPost[] = [
  { title: "Çevrim Şartı Nedir ve Nasıl Hesaplanır?", category: "Rehber", excerpt: "Casino bonuslarının en çok merak edilen kuralı olan çevrim şartını örneklerle açıklıyoruz.", intro: "Bir bonus kampanyasına katılmadan önce bilmeniz gereken en önemli kavram çevrim şartıdır. Bu yazıda çevrim şartının ne anlama geldiğini, nasıl hesaplandığını ve hangi oyunların çevrime ne kadar katkı sağladığını adım adım anlatıyoruz.", sections: ["wagering", "terms", "withdrawal", "responsible"], published: true, daysAgo: 1, views: 342 },
  { title: "Deneme Bonusu Veren Siteler Nasıl Seçilir?", category: "Rehber", excerpt: "Yatırımsız deneme bonuslarını değerlendirirken dikkat etmeniz gereken beş nokta.", intro: "Deneme bonusları, bir siteyi hiç para yatırmadan tanımanın en kolay yoludur. Ancak her deneme bonusu aynı değildir; maksimum çekim limitleri ve doğrulama adımları kampanyadan kampanyaya değişir.", sections: ["terms", "license", "withdrawal", "support"], published: true, daysAgo: 3, views: 518 },
  { title: "Lisanslı Casino Sitelerini Tanımanın Yolları", category: "Güvenlik", excerpt: "Bir casino sitesinin lisansını nasıl doğrulayacağınızı ve nelere dikkat etmeniz gerektiğini anlatıyoruz.", intro: "Güvenilir bir casino deneyimi, doğru siteyi seçmekle başlar. Lisans bilgisi, bağımsız denetimler ve şeffaf kurallar bir sitenin ciddiyetini gösteren en önemli işaretlerdir.", sections: ["license", "support", "payments", "responsible"], published: true, daysAgo: 5, views: 276 },
  { title: "Kayıp Bonusu ile Bütçenizi Nasıl Korursunuz?", category: "Strateji", excerpt: "Kayıp bonuslarının nasıl çalıştığını ve bütçe yönetiminde nasıl kullanılabileceğini inceliyoruz.", intro: "Kayıp bonusu, belirli bir dönemdeki net kayıplarınızın bir kısmını geri almanızı sağlar. Doğru kullanıldığında bütçenizi uzatan bir güvenlik ağı gibi çalışır.", sections: ["responsible", "wagering", "terms", "payments"], published: true, daysAgo: 8, views: 189 },
  { title: "Bedava Dönüş Kampanyalarının Püf Noktaları", category: "Strateji", excerpt: "Bedava dönüşlerden en yüksek verimi almak için oyun seçimi ve şartlar üzerine ipuçları.", intro: "Bedava dönüşler slot severlerin en sevdiği kampanyalardır. Ancak dönüş değeri, geçerli oyunlar ve kazançlara uygulanan çevrim şartı kampanyanın gerçek değerini belirler.", sections: ["wagering", "terms", "mobile", "responsible"], published: true, daysAgo: 12, views: 421 },
  { title: "Casino Sitelerinde Para Çekme Rehberi", category: "Rehber", excerpt: "Çekim süreleri, kimlik doğrulama ve limitler hakkında bilmeniz gereken her şey.", intro: "Kazancınızı hesabınıza aktarmak, casino deneyiminin en heyecanlı ama bazen en sabır gerektiren adımıdır. Bu rehberde çekim sürecini hızlandırmanın yollarını anlatıyoruz.", sections: ["withdrawal", "payments", "support", "license"], published: true, daysAgo: 15, views: 633 },
  { title: "Mobil Casino Deneyiminde Nelere Dikkat Edilmeli?", category: "Teknoloji", excerpt: "Telefonunuzdan güvenle oynamak için mobil sitelerde aramanız gereken özellikler.", intro: "Mobil cihazlar casino oyunlarının en çok oynandığı platform haline geldi. İyi bir mobil deneyim hız, güvenlik ve kolay erişim üzerine kuruludur.", sections: ["mobile", "payments", "support", "responsible"], published: true, daysAgo: 20, views: 154 },
  { title: "Sorumlu Oyun: Limit Koymanın Önemi", category: "Güvenlik", excerpt: "Casino oyunlarını keyifli tutmanın yolu bütçe ve zaman sınırı koymaktan geçer.", intro: "Casino oyunları bir eğlence biçimidir ve öyle kalmalıdır. Bu yazıda sorumlu oyunun temel ilkelerini ve sitelerin sunduğu koruma araçlarını ele alıyoruz.", sections: ["responsible", "terms", "support", "mobile"], published: true, daysAgo: 26, views: 98 },
  { title: "Hoş Geldin Bonuslarını Karşılaştırma Rehberi", category: "Rehber", excerpt: "Oran, üst limit ve çevrim şartına bakarak hoş geldin bonuslarını doğru karşılaştırın.", intro: "Yüksek oranlı bir hoş geldin bonusu her zaman en iyisi değildir. Bir kampanyanın değerini anlamak için oranı, üst limiti ve çevrim şartını birlikte değerlendirmek gerekir.", sections: ["wagering", "terms", "license", "withdrawal"], published: true, daysAgo: 33, views: 287 },
  { title: "Kripto Para ile Casino Ödemeleri", category: "Teknoloji", excerpt: "Kripto para ile yatırım ve çekim yapmanın avantajları ve dikkat edilmesi gerekenler.", intro: "Kripto paralar casino ödemelerinde hız ve gizlilik arayan oyuncuların tercihi haline geldi. Ancak kur dalgalanmaları ve işlem ücretleri gibi konuları da hesaba katmak gerekir.", sections: ["payments", "withdrawal", "license", "responsible"], published: false, daysAgo: 2, views: 0 },
  { title: "Canlı Casino Masalarında Bonus Kullanımı", category: "Strateji", excerpt: "Canlı casino oyunlarında bonus kullanırken çevrim katkı oranlarına dikkat edin.", intro: "Canlı casino masaları gerçek krupiyelerle oynanan heyecanlı oyunlar sunar. Ancak bonusların canlı oyunlardaki çevrim katkısı çoğu zaman sınırlıdır.", sections: ["wagering", "terms", "support", "mobile"], published: false, daysAgo: 4, views: 0 },
  { title: "VIP Programları Gerçekten Avantajlı mı?", category: "Strateji", excerpt: "Sadakat ve VIP programlarının sunduğu ayrıcalıkları gerçekçi bir gözle değerlendiriyoruz.", intro: "VIP programları düzenli oyunculara özel bonuslar, daha yüksek çekim limitleri ve kişisel hesap yöneticisi gibi ayrıcalıklar vaat eder. Peki bu avantajlar gerçekten değer mi?", sections: ["responsible", "withdrawal", "payments", "terms"], published: false, daysAgo: 6, views: 0 },
];

const HEADINGS: Record<keyof typeof PARAGRAPHS, string> = {
  wagering: "Çevrim şartını doğru okumak",
  license: "Lisans ve güvenilirlik",
  support: "Müşteri desteğinin önemi",
  withdrawal: "Para çekme süreçleri",
  responsible: "Sorumlu oyun",
  mobile: "Mobil deneyim",
  payments: "Ödeme yöntemleri",
  terms: "Kampanya şartları",
};

export function demoPostContent(post: DemoPost): string {
  // Every post gets one more section than it names, so each runs to several hundred words.
  const extra = (Object.keys(PARAGRAPHS) as (keyof typeof PARAGRAPHS)[]).find((key) => !post.sections.includes(key))!;
  const sections = [...post.sections, extra].map((key) => `<h2>${HEADINGS[key]}</h2><p>${PARAGRAPHS[key]}</p>`).join("");
  return `<p>${post.intro}</p>${sections}<h2>Rehberimizden nasıl yararlanırsınız?</h2><p>Bonuslar sayfamızda her kampanyayı kategorisine göre filtreleyebilir, arama kutusuyla aradığınız siteyi ya da bonus türünü saniyeler içinde bulabilirsiniz. Her promosyonun detay sayfasında şartlar madde madde listelenir, son kullanma tarihi belirtilir ve diğer oyuncuların yorumlarıyla puanları yer alır. Kendi deneyiminizi yorum olarak paylaşarak başka oyuncuların da doğru karar vermesine yardımcı olabilirsiniz.</p><p>Sonuç olarak, her kampanyayı şartlarıyla birlikte değerlendirmek ve bütçenize uygun hareket etmek uzun vadede en kazançlı yaklaşımdır.</p>`;
}
