export * from './users';
export * from './listings';
export * from './chats';
export * from './notifications';
export * from './inbox';
export * from './audit';
export * from './saved-searches';
export * from './mail';
