package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorsAndAuthTest {
    @TempDir
    Path temp;

    @Test
    void operatorEndpointsNeedAConfiguredToken() {
        try (ApiFixture api = ApiFixture.withToken(temp)) {
            var none = api.send("GET", "/v1/nodes", Optional.empty(), Optional.of("latest"), Optional.empty());
            assertThat(none.status()).isEqualTo(401);
            assertThat(api.faultOf(none)).contains("Authentication required");
            assertThat(none.header("X-OpenStack-Ironic-API-Version")).hasValue(VersionsTest.MAX);
            var wrong = api.send("GET", "/v1/nodes", Optional.empty(), Optional.of("latest"), Optional.of("guess"));
            assertThat(wrong.status()).isEqualTo(401);
            var rejectedCreate = api.send("POST", "/v1/nodes", Optional.of("{\"driver\":\"fake-hardware\"}"),
                    Optional.of("latest"), Optional.empty());
            assertThat(rejectedCreate.status()).isEqualTo(401);
            assertThat(api.store.nodes().list(dev.ferrum.conductor.store.NodeQuery.all()).items()).isEmpty();
            assertThat(api.get("/v1/nodes").status()).isEqualTo(200);
            // The version documents stay open: clients read them before they authenticate.
            assertThat(api.send("GET", "/v1", Optional.empty(), Optional.empty(), Optional.empty()).status())
                    .isEqualTo(200);
        }
    }

    @Test
    void bearerTokensAreAcceptedToo() throws Exception {
        try (ApiFixture api = ApiFixture.withToken(temp)) {
            var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(api.base + "/v1/nodes"))
                    .header("Authorization", "Bearer " + ApiFixture.TOKEN).GET().build();
            var response = java.net.http.HttpClient.newHttpClient().send(request,
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void noauthMustBeChosenAndThenLetsEveryoneIn() {
        try (ApiFixture api = new ApiFixture(temp, new ApiAuth.NoAuth())) {
            assertThat(api.send("GET", "/v1/nodes", Optional.empty(), Optional.empty(), Optional.empty()).status())
                    .isEqualTo(200);
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ApiAuth.Tokens(List.of()))
                .hasMessageContaining("noauth");
    }

    @Test
    void tokenComparisonMatchesOnlyExactTokens() {
        var auth = new ApiAuth.Tokens(List.of("alpha", "beta"));
        assertThat(auth.accepts(Optional.of("beta"))).isTrue();
        assertThat(auth.accepts(Optional.of("bet"))).isFalse();
        assertThat(auth.accepts(Optional.of("betaa"))).isFalse();
        assertThat(auth.accepts(Optional.empty())).isFalse();
        assertThat(auth.toString()).doesNotContain("alpha");
    }

    @Test
    void unknownRoutesWrongMethodsBadJsonAndLargeBodies() {
        try (ApiFixture api = ApiFixture.withToken(temp)) {
            // Chassis was the example of an unknown resource until issue 9 added it; any unknown name will do.
            var unknown = api.get("/v1/no_such_resource");
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(api.faultOf(unknown)).contains("/v1/no_such_resource");
            assertThat(unknown.header("Openstack-Request-Id")).isPresent();
            var deep = api.get("/v1/nodes/x/y/z");
            assertThat(deep.status()).isEqualTo(404);
            assertThat(api.faultOf(deep)).contains("/v1/nodes/x/y/z");

            var wrongMethod = api.send("PUT", "/v1/nodes", Optional.of("{}"), "latest");
            assertThat(wrongMethod.status()).isEqualTo(405);
            assertThat(api.faultOf(wrongMethod)).contains("not allowed");
            assertThat(api.send("POST", "/v1/nodes/x/states", Optional.of("{}"), "latest").status()).isEqualTo(405);

            var badJson = api.post("/v1/nodes", "{nope");
            assertThat(badJson.status()).isEqualTo(400);
            assertThat(api.faultOf(badJson)).contains("not valid JSON");
            // Found by RamdiskEndpointsFuzzTest: NULs after the brace make Jackson read the bytes as
            // UTF-32, whose CharConversionException is a plain IOException and became a 500.
            var notUtf8 = api.post("/v1/nodes", "{\u0000\u0000\u0000\u0000\n \"driver\": \"fake-hardware\"}");
            assertThat(notUtf8.status()).isEqualTo(400);
            assertThat(api.faultOf(notUtf8)).contains("not valid JSON");

            String large = "{\"driver\":\"fake-hardware\",\"extra\":{\"pad\":\"" + "x".repeat(5000) + "\"}}";
            var tooLarge = api.post("/v1/nodes", large);
            assertThat(tooLarge.status()).isEqualTo(413);
            assertThat(api.faultOf(tooLarge)).contains("4096");
            assertThat(api.store.nodes().list(dev.ferrum.conductor.store.NodeQuery.all()).items()).isEmpty();

            var noBody = api.send("POST", "/v1/nodes", Optional.empty(), "latest");
            assertThat(noBody.status()).isEqualTo(400);
        }
    }

    @Test
    void bodiesNotDeclaredAsJsonAre415AndChangeNothing() throws Exception {
        try (ApiFixture api = ApiFixture.withToken(temp)) {
            var http = java.net.http.HttpClient.newHttpClient();
            String node = "{\"driver\":\"fake-hardware\",\"name\":\"smuggled\"}";
            for (Optional<String> type : List.of(Optional.of("text/plain"), Optional.of("application/x-www-form-urlencoded"),
                    Optional.<String>empty())) {
                var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(api.base + "/v1/nodes"))
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(node))
                        .header("X-Auth-Token", ApiFixture.TOKEN);
                type.ifPresent(t -> request.header("Content-Type", t));
                var reply = http.send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
                assertThat(reply.statusCode()).as("Content-Type %s", type).isEqualTo(415);
                assertThat(reply.body()).contains("application/json");
            }
            assertThat(api.store.nodes().list(dev.ferrum.conductor.store.NodeQuery.all()).items()).isEmpty();

            var charset = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(api.base + "/v1/nodes"))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(node)).header("X-Auth-Token", ApiFixture.TOKEN)
                    // A name needs 1.5 (below it Ironic answers 406), so this client says which version it speaks.
                    .header("X-OpenStack-Ironic-API-Version", "1.5")
                    .header("Content-Type", "application/json; charset=UTF-8").build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(charset.statusCode()).isEqualTo(201);
        }
    }

    @Test
    void everyFailureTypeHasOneStatus() {
        assertThat(ApiErrors.statusOf(new dev.ferrum.conductor.error.NotFoundException("x"))).isEqualTo(404);
        assertThat(ApiErrors.statusOf(new dev.ferrum.conductor.error.DuplicateException("x"))).isEqualTo(409);
        assertThat(ApiErrors.statusOf(dev.ferrum.conductor.error.NodeLockedException.heldBy(
                java.util.UUID.randomUUID(), "h"))).isEqualTo(409);
        assertThat(ApiErrors.statusOf(new dev.ferrum.conductor.error.InvalidInputException("x"))).isEqualTo(400);
        assertThat(ApiErrors.statusOf(new dev.ferrum.conductor.error.InvalidStateException("x"))).isEqualTo(400);
        assertThat(ApiErrors.statusOf(new dev.ferrum.conductor.error.StoreException("x", new RuntimeException())))
                .isEqualTo(503);
        assertThat(ApiErrors.statusOf(new dev.ferrum.protocol.error.VersionNotAcceptableException("x"))).isEqualTo(406);
        assertThat(ApiErrors.statusOf(new IllegalStateException("bug"))).isEqualTo(500);
        var answer = new ApiErrors(dev.ferrum.protocol.json.WireJson.newMapper())
                .answer(new IllegalStateException("secret internals"), "req-1");
        assertThat(new String(answer.body(), java.nio.charset.StandardCharsets.UTF_8))
                .doesNotContain("secret internals").contains("req-1").contains("\\\"faultcode\\\": \\\"Server\\\"");
    }
}
