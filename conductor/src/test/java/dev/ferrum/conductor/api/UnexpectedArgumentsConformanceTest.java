package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every list and show refuses a query parameter it does not take with Ironic's 400 "Unexpected arguments",
 * so a misspelt filter never silently lists everything, and takes the ones it does.
 */
class UnexpectedArgumentsConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void everyListRefusesWhatItDoesNotTakeAndTakesWhatItDoes() {
        List<String> lists = List.of("/v1/nodes", "/v1/ports", "/v1/chassis", "/v1/portgroups", "/v1/volume/connectors",
                "/v1/volume/targets", "/v1/deploy_templates", "/v1/conductors", "/v1/allocations", "/v1/drivers",
                "/v1/shards");
        for (String list : lists) {
            var bogus = api.get(list + "?bogus=1");
            assertThat(bogus.status()).as(list).isEqualTo(400);
            assertThat(api.faultOf(bogus)).as(list).isEqualTo("Unexpected arguments: bogus");
        }
        for (String list : lists.subList(0, 9)) {
            assertThat(api.get(list + "?limit=5&sort_dir=asc").status()).as(list).isEqualTo(200);
        }
        assertThat(api.get("/v1/portgroups?node=nope&bogus=1").status()).isEqualTo(400);
        assertThat(api.get("/v1/chassis/detail?fields=uuid").status()).isEqualTo(400);
    }
}
