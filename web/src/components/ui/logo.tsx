export function Logo({ size = 40 }: { size?: number }) {
  return (
    <span className="logo">
      <img src="/logo.svg" width={size} height={size} alt="" />
      <span className="logo-text" style={{ fontSize: size * 0.6 }}>
        Zelo
      </span>
    </span>
  );
}
