// The AssemblyScript types the one source of the solver is written in, as TypeScript sees
// them when it compiles the source to JavaScript: plain numbers. Only the types whose
// JavaScript meaning is the same are here (no i64 / u64: the source has none).
declare type i32 = number;
declare type u32 = number;
declare type u8 = number;
declare type u16 = number;
declare type usize = number;
declare type f64 = number;
declare type bool = boolean;
