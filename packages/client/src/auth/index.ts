export { OAuthStrategy } from './oauth-strategy.js'
export type {
  AuthUrl,
  AuthUrlOptions,
  CaptchaTokens,
  LoginErrorCode,
  LoginResult,
  MemberLoginParams,
  MemberRegisterParams,
  OAuthData,
  OAuthReturn,
  OAuthStrategyOptions,
  OfficialTokenStorage,
  ResponseMode,
} from './oauth-strategy.js'
export { ApiKeyStrategy } from './api-key-strategy.js'
export type { ApiKeyStrategyOptions } from './api-key-strategy.js'
export { tokenInfo } from './token-info.js'
export type { SubjectType, TokenInfo, TokenInfoRequest } from './token-info.js'
export { memoryTokenStorage } from './storage/memory.js'
export { browserTokenStorage } from './storage/browser.js'
export type { BrowserTokenStorageOptions } from './storage/browser.js'
export { cookieTokenStorage } from './storage/cookie.js'
export type { CookieTokenStorageOptions } from './storage/cookie.js'
export type { AccessToken, RefreshToken, Tokens, TokenStorage } from './types.js'
