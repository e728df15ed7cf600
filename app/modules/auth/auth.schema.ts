import { z } from "zod";

// admin.md §5 and §9
export const MIN_PASSWORD_LENGTH = 6;

// RFC 5321 caps an address at 254 characters; anything longer is no email (and must not
// reach the database as a key).
export const MAX_EMAIL_LENGTH = 254;
const EMAIL_MESSAGE = "Geçerli bir email adresi giriniz";

export const LoginSchema = z.object({
  email: z.string({ error: EMAIL_MESSAGE }).trim().max(MAX_EMAIL_LENGTH, EMAIL_MESSAGE).toLowerCase().pipe(z.email(EMAIL_MESSAGE)),
  password: z
    .string({ error: `Şifre en az ${MIN_PASSWORD_LENGTH} karakter olmalıdır` })
    .min(MIN_PASSWORD_LENGTH, `Şifre en az ${MIN_PASSWORD_LENGTH} karakter olmalıdır`),
});

export type LoginInput = z.infer<typeof LoginSchema>;

// admin.md §8: sign-in messages
export const LOGIN_MESSAGES = {
  rejected: "Giriş başarısız. Lütfen bilgilerinizi kontrol edin.",
  failed: "Giriş yapılırken bir hata oluştu",
  notAdmin: "Bu hesap admin yetkisine sahip değil",
  authError: "Yetkilendirme hatası oluştu",
  success: "Giriş başarılı! Yönlendiriliyorsunuz...",
  mustSignIn: "Bu sayfaya erişmek için giriş yapmalısınız",
  checkingGuard: "Yetkilendirme kontrol ediliyor...",
  signedOut: "Çıkış yapıldı",
} as const;

export function lockedMessage(minutes: number): string {
  return `Çok fazla başarısız giriş denemesi yapıldı. Lütfen ${minutes} dakika sonra tekrar deneyin.`;
}
