// The calls of this area are added with the area's capability.
export {};
