export * from './colony';
export * from './combination';
export * from './consumption';
export * from './customer';
export * from './payment';
export * from './product';
export * from './transaction';
export * from './users';
