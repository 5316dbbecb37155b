"""Drives an introspection API with openstacksdk's baremetal_introspection proxy, as stock tools do.

Usage: sdk_introspection.py ENDPOINT COMMAND [ARGUMENT]; prints the result as JSON. The rules calls and the
state filter go through the same proxy's session, as the SDK has neither.
"""
import json
import sys

import openstack


def main(endpoint, command, argument=None):
    conn = openstack.connect(auth_type='none',
                             baremetal_introspection_endpoint_override=endpoint + '/v1',
                             baremetal_endpoint_override=endpoint)
    proxy = conn.baremetal_introspection

    def status(introspection):
        return {'id': introspection.id, 'state': introspection.state,
                'is_finished': introspection.is_finished, 'error': introspection.error,
                'started_at': introspection.started_at, 'finished_at': introspection.finished_at,
                'links': introspection.links}

    if command == 'start':
        return status(proxy.start_introspection(argument))
    if command == 'get':
        return status(proxy.get_introspection(argument))
    if command == 'wait':
        return status(proxy.wait_for_introspection(argument, timeout=120))
    if command == 'list':
        # The SDK pages with limit and marker; with a limit of 1 it walks every page.
        query = {'limit': int(argument)} if argument else {}
        return [status(i) for i in proxy.introspections(**query)]
    if command == 'list-state':
        # openstacksdk 0.101 refuses a state query on introspections(); the session sends it as the
        # inspector client does.
        response = proxy.get('/introspection', params={'state': argument})
        response.raise_for_status()
        return [{'id': i['uuid'], 'state': i['state']} for i in response.json()['introspection']]
    if command == 'abort':
        proxy.abort_introspection(argument, ignore_missing=False)
        return status(proxy.wait_for_introspection(argument, timeout=60, ignore_error=True))
    if command == 'data':
        return proxy.get_introspection_data(argument)
    if command == 'raw-data':
        return proxy.get_introspection_data(argument, processed=False)
    if command == 'create-rule':
        response = proxy.post('/rules', json=json.loads(argument))
        response.raise_for_status()
        return response.json()
    if command == 'rules':
        response = proxy.get('/rules')
        response.raise_for_status()
        return response.json()
    raise SystemExit('unknown command ' + command)


if __name__ == '__main__':
    print(json.dumps(main(*sys.argv[1:])))
