import CJansson
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Proof that scripts/leak-check catches a leak: `scripts/leak-check --self-test` sets
/// SWITCHBOARD_LEAKCHECK_SELFTEST=1, this test then drops a json_t without releasing it, and
/// the script must report the leak and fail. Without the variable the test does nothing.
@Suite("Leak check self-test")
struct LeakCheckSelfTest {
    @Test func leaksAJanssonObjectOnlyWhenAsked() {
        guard let flag = getenv("SWITCHBOARD_LEAKCHECK_SELFTEST"), String(cString: flag) == "1" else { return }
        let leaked = json_object()
        #expect(json_object_set_new(leaked, "deliberately", json_string("leaked")) == 0)
    }
}
